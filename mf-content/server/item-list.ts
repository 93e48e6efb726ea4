/** schema.org ItemList of a list page's links, in their order (the lists' structured data). */
export function itemList(items: readonly { title: string; href: string }[], about: { name?: string; description?: string; total?: number } = {}) {
  return {
    '@type': 'ItemList',
    ...(about.name ? { name: about.name } : {}),
    ...(about.description ? { description: about.description } : {}),
    numberOfItems: about.total ?? items.length,
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.title, url: item.href })),
  };
}
