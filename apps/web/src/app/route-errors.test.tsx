import { QueryClient } from '@tanstack/react-query';
import { PassThrough } from 'node:stream';
import { Suspense, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.node';
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './routes';

/** As entry-server.tsx renders a page: every lazy part waited for, then the whole HTML. */
function renderAll(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

/** The table's error elements (routes.tsx), under a screen whose loader throws, rendered by the server's data router. */
async function serverPageOf(errorElement: (routes: RouteObject[]) => ReactNode) {
  const table = createRoutes(new QueryClient());
  const failing: RouteObject[] = [
    {
      path: '/',
      loader: () => {
        throw new Error('the catalogue is down');
      },
      element: <p>never shown</p>,
      // Inside the layout the screen's boundary is under the page's Suspense (RootLayout.tsx).
      errorElement: <Suspense fallback={<p>loading</p>}>{errorElement(table)}</Suspense>,
    },
  ];
  const handler = createStaticHandler(failing);
  const context = await handler.query(new Request('http://shop.test/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderAll(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe('error screens, rendered on the server', () => {
  it("a screen's error: the message in the page, not the loading state", async () => {
    const html = await serverPageOf((table) => table[0]!.children![0]!.errorElement);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('Go to Home');
    expect(html).not.toContain('loading');
  });

  it('the last resort (the layout failed): the same message without the layout', async () => {
    const html = await serverPageOf((table) => table[0]!.errorElement);
    expect(html).toContain('<main');
    expect(html).toContain('Something went wrong');
  });
});
