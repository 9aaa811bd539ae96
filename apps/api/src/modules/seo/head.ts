import type { Database } from '../../db/client.js';

export interface PageHead {
  title: string;
  description: string;
  /** Extra tags placed in <head> as they are (Open Graph, JSON-LD). Must be escaped by the builder. */
  extra?: string;
}

/** The title, description and tags for a client route, or null to keep the app's defaults. */
export async function headForPath(_db: Database, _pathname: string, _origin: string): Promise<PageHead | null> {
  return null;
}
