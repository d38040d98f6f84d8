import { describe, expect, it } from 'vitest';
import { html, SafeHtml, trustedHtml } from '../../server/http/html.ts';

describe('html`…`', () => {
  it('escapes every interpolated text for element content and quoted attributes', () => {
    const hostile = `<script>alert(1)</script>"'><img src=x onerror=1>&`;
    expect(html`<p title="${hostile}">${hostile}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=1&gt;&amp;">' +
        '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=1&gt;&amp;</p>',
    );
  });

  it('keeps markup made by html itself and by trustedHtml, and nothing else', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${trustedHtml('<br>')}</p>`.toString()).toBe('<p><b>&lt;i&gt;</b><br></p>');
    // Something that merely looks like SafeHtml is text.
    const lookalike = { toString: () => '<script>' } as unknown as string;
    expect(html`${lookalike}`.toString()).toBe('&lt;script&gt;');
    // Nobody else can make one.
    expect(() => new SafeHtml(Symbol('forged') as never, '<script>')).toThrow(/never directly/);
  });

  it('joins arrays, escaping each text item and keeping each SafeHtml', () => {
    const items = ['<a>', html`<li>${'&'}</li>`, ['nested', 2]];
    expect(html`<ul>${items}</ul>`.toString()).toBe('<ul>&lt;a&gt;<li>&amp;</li>nested2</ul>');
    expect(html`<ul>${[]}</ul>`.toString()).toBe('<ul></ul>');
  });

  it('writes numbers (zero included) and leaves null, undefined and false out', () => {
    expect(html`${0}|${12.5}|${null}|${undefined}|${false}|${''}`.toString()).toBe('0|12.5||||');
    const flag: boolean = false;
    expect(html`<p${flag && html` hidden`}>`.toString()).toBe('<p>');
  });

  it('leaves the literal parts as written, escapes included', () => {
    expect(html`&larr; Back\n`.toString()).toBe('&larr; Back\n');
  });
});
