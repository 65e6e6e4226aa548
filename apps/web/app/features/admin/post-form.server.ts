import { adminBlogPreviewInput, endpoints } from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';
import { checkbox, text } from './admin.server';

/** A comma-separated field as a list (tags, product slugs), empty parts dropped. */
function list(form: FormData, name: string): string[] {
  return (text(form, name) ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The post form's fields as the contract's input (adminBlogPostInput checks them). */
export function postInput(form: FormData) {
  return {
    title: text(form, 'title'),
    slug: text(form, 'slug'),
    excerpt: text(form, 'excerpt'),
    body: text(form, 'body'),
    category: text(form, 'category'),
    author_name: text(form, 'author_name'),
    hero_alt: text(form, 'hero_alt'),
    tags: list(form, 'tags'),
    product_slugs: list(form, 'product_slugs'),
    featured: checkbox(form, 'featured'),
  };
}

/** What the form shows again after a post without JavaScript (a preview keeps the typed text). */
export type PostFormValues = Record<
  'title' | 'slug' | 'excerpt' | 'body' | 'category' | 'author_name' | 'hero_alt' | 'tags' | 'product_slugs',
  string
> & {
  featured: boolean;
};

export function postFormValues(form: FormData): PostFormValues {
  return {
    title: text(form, 'title') ?? '',
    slug: text(form, 'slug') ?? '',
    excerpt: text(form, 'excerpt') ?? '',
    body: text(form, 'body') ?? '',
    category: text(form, 'category') ?? '',
    author_name: text(form, 'author_name') ?? '',
    hero_alt: text(form, 'hero_alt') ?? '',
    tags: text(form, 'tags') ?? '',
    product_slugs: text(form, 'product_slugs') ?? '',
    featured: checkbox(form, 'featured'),
  };
}

export type PreviewResult = {
  intent: 'preview';
  html: string;
  reading_minutes: number;
  values: PostFormValues;
};

/** The API renders the Markdown exactly as the article will show it. */
export async function previewAction(api: ServerApiClient, form: FormData): Promise<PreviewResult> {
  const parsed = adminBlogPreviewInput.safeParse({ body: text(form, 'body') ?? '' });
  const values = postFormValues(form);
  if (!parsed.success) return { intent: 'preview', html: '', reading_minutes: 0, values };
  const answer = await api.call(endpoints.adminBlog.preview, { body: parsed.data });
  return answer.kind === 'ok'
    ? { intent: 'preview', ...answer.data.data, values }
    : { intent: 'preview', html: '', reading_minutes: 0, values };
}
