/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the automatic JSX runtime whichever tsconfig the runner finds, e.g. tsx started from the repository root.)
import { render } from '@react-email/render';
import { Layout, type Shop, type TemplateData, type TemplateName, templates } from './templates/index.js';

export interface RenderedMail {
  template: TemplateName;
  subject: string;
  html: string;
  text: string;
  secret: boolean;
}

/** A template with its data, in the shop's layout, as HTML and as plain text. */
export async function renderMail<N extends TemplateName>(
  name: N,
  data: TemplateData<N>,
  shop: Shop,
): Promise<RenderedMail> {
  const template = templates[name] as unknown as {
    subject: (d: TemplateData<N>, s: Shop) => string;
    preview: (d: TemplateData<N>) => string;
    body: (d: TemplateData<N>, s: Shop) => React.ReactElement;
    secret?: boolean;
  };
  const element = (
    <Layout shop={shop} preview={template.preview(data)}>
      {template.body(data, shop)}
    </Layout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { template: name, subject: template.subject(data, shop), html, text, secret: Boolean(template.secret) };
}
