/** Where page n of a list lives: /blog/page/n, /blog/category/x/page/n/ (page 1: the list itself). */
export function listPagePath(category: string | null, page: number): string {
  if (category) return page <= 1 ? `/blog/category/${category}/` : `/blog/category/${category}/page/${page}/`;
  return page <= 1 ? '/blog/' : `/blog/page/${page}`;
}
