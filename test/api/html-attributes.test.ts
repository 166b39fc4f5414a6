import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../support/mailbox';
import { uniqueAddress, type Client, type TestService } from '../support/service';
import { startTrackedService } from '../support/tracked-service';

/**
 * docs/promises.md "Templates" and docs/threat-model.md "The low ones" (issue 35): a variable is
 * escaped as Mustache's own escape does, so that no value adds an attribute with a value, even in an
 * unquoted attribute; and a link that runs script (`javascript:`, `vbscript:`, `data:`, in any
 * spelling) is never tracked, so the service never redirects to one.
 */
let service: TestService;
let api: Client;
let tracked: Awaited<ReturnType<typeof startTrackedService>>;
beforeAll(async () => {
  tracked = await startTrackedService('Attributes');
  ({ service, api } = tracked);
});
afterAll(() => tracked.close());

/** Every start tag as a browser's tokenizer reads it (htmlparser2, html-to-text's parser), entities decoded. */
const elementsOf = (html: string) => {
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (name, attributes) => elements.push({ name, attributes }) });
  parser.write(html);
  parser.end();
  return elements;
};
const hrefsOf = (html: string) =>
  elementsOf(html)
    .filter((element) => element.name === 'a')
    .map((element) => element.attributes.href);

const newTemplate = async (html: string) => {
  const answer = await api.post('/api/v1/templates', { name: 'Attributes', subject: 'Attributes', html });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

describe('variables in attributes', () => {
  const values = [
    'x onmouseover=alert(1)',
    'x\tonfocus=alert(1) autofocus',
    'x\nonerror=alert(document.cookie)',
    'x\fonclick=alert(1)',
    'https://a.example/ style=background:url(//evil.example)',
    '"><script>alert(1)</script>',
    "' onload='alert(1)",
    'x` onclick=`alert(1)`',
  ];

  it('no value adds an attribute with a value, quoted or not; no backtick or = is left raw', async () => {
    const templateId = await newTemplate(
      '<p>{{v}}</p><a href={{v}}>unquoted</a><img alt={{v}} src="https://img.example/a.png">' +
        '<div title="{{v}}">dq</div><span title=\'{{v}}\'>sq</span>',
    );
    const bare = await newTemplate('{{v}}');
    const own: Record<string, string[]> = { a: ['href'], img: ['alt', 'src'], div: ['title'], span: ['title'], p: [] };
    for (const v of values) {
      const answer = await api.post(`/api/v1/templates/${templateId}/render`, { variables: { v } });
      expect(answer.status).toBe(200);
      const html: string = answer.body.data.html;
      const elements = elementsOf(html);
      expect(
        elements.map((element) => element.name),
        v,
      ).toEqual(['p', 'a', 'img', 'div', 'span']);
      for (const { name, attributes } of elements) {
        const added = Object.entries(attributes).filter(
          ([attribute, value]) => !own[name]!.includes(attribute) && value !== '',
        );
        expect([v, name, added]).toEqual([v, name, []]);
        expect(
          Object.keys(attributes).filter((attribute) => /^on[a-z]+$|^style$/.test(attribute)),
          v,
        ).toEqual([]);
      }
      const alone: string = (await api.post(`/api/v1/templates/${bare}/render`, { variables: { v } })).body.data.html;
      expect(alone, v).not.toMatch(/[`=<>"']/);
    }
  });

  it('a URL in an unquoted href is still tracked, and its click leads to the URL the variable held', async () => {
    const templateId = await newTemplate('<p>Hi</p><a href={{u}}>Order</a>');
    const u = 'https://shop.example.com/o?id=7&ref=mail&x=`y`';
    const to = uniqueAddress('unquoted');
    expect((await api.post('/api/v1/mail/send', { to, template_id: templateId, variables: { u } })).status).toBe(200);
    const [mail] = await mailTo(to);
    const [href] = hrefsOf(mail!.body.html!);
    expect(href).toMatch(new RegExp(`^${service.baseUrl}/t/c/`));
    const click = await fetch(href!, { redirect: 'manual' });
    expect([click.status, click.headers.get('location')]).toEqual([302, u]);
  });
});

describe('links that run script', () => {
  const written = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;script&#x3A;alert(1)',
    'java&#x09;script:alert(1)',
    'java\nscript:alert(1)',
    'javascript&colon;alert(1)',
    '&#1;javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'javascript://https://shop.example.com/%0aalert(1)',
  ];

  it('are never tracked, written or from a variable; the http link beside them is', async () => {
    const to = uniqueAddress('script-links');
    const links = written.map((url) => `<a href="${url.replace(/</g, '&lt;').replace(/>/g, '&gt;')}">x</a>`);
    const html = `<body>${links.join('\n')}<a href="https://shop.example.com/">ok</a></body>`;
    expect((await api.post('/api/v1/mail/send', { to, subject: 'Links', html })).status).toBe(200);
    const hrefs = hrefsOf((await mailTo(to))[0]!.body.html!);
    expect(hrefs.slice(0, written.length).filter((href) => href!.includes('/t/c/'))).toEqual([]);
    expect(hrefs[written.length]).toMatch(new RegExp(`^${service.baseUrl}/t/c/`));

    const templateId = await newTemplate(
      '<a href="{{u}}">quoted</a> <a href={{u}}>unquoted</a> <a href="{{{u}}}">raw</a>',
    );
    for (const u of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'vbscript:x', 'data:text/html,x']) {
      const toVariable = uniqueAddress('script-variable');
      expect(
        (await api.post('/api/v1/mail/send', { to: toVariable, template_id: templateId, variables: { u } })).status,
      ).toBe(200);
      const sent = hrefsOf((await mailTo(toVariable))[0]!.body.html!);
      expect([u, sent.filter((href) => href!.includes('/t/c/'))]).toEqual([u, []]);
    }
  });
});
