// Words the server put into the page for a client module, in the reader's language: a
// <template data-words="NAME"> holding <span data-w="KEY">text</span> (web/views/partials/*Words.hbs).
// Placeholders are written {name} and filled here.

export type Words = (key: string, values?: Record<string, string | number>) => string

export function words(name: string, root: ParentNode = document): Words {
  const template = root.querySelector<HTMLTemplateElement>(`template[data-words="${name}"]`)
  const table = new Map<string, string>()
  for (const span of Array.from(template?.content.querySelectorAll<HTMLElement>('[data-w]') ?? []))
    table.set(span.dataset.w ?? '', span.textContent ?? '')
  return (key, values = {}) =>
    (table.get(key) ?? key).replace(/\{(\w+)\}/g, (whole, k: string) =>
      values[k] === undefined ? whole : String(values[k]),
    )
}

/** The page's language (<meta name="locale">), for dates and numbers. */
export function pageLocale(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="locale"]')?.content || 'en'
}

/** An element with its class and text: the modules build their HTML with text nodes only, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}
