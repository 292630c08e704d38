/** The page a list call asks for (docs/api.md, 'Back office calls'): 25 a page by default. */
export function pageOf(query: { page?: number | undefined; per_page?: number | undefined }): {
  page: number;
  per_page: number;
  limit: number;
  offset: number;
} {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  return { page, per_page: perPage, limit: perPage, offset: (page - 1) * perPage };
}
