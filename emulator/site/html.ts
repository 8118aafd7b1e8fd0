/**
 * Safe HTML building for the emulator's pages: the `html` tag escapes every interpolated value
 * unless it is already `Html` (the output of another `html` call, or `raw` for trusted constants),
 * so seeded or user-given text can never inject markup.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Trusted markup written in this code base (CSS, inline scripts). Never pass data through it. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** A `<script>` body that is safe to embed: `</script>` and HTML comment openers cannot close it. */
export function jsonForScript(value: unknown): Html {
  return new Html(JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026'));
}
