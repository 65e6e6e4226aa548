import type { AdminBlogPost, BlogCategory } from '@sprout/contracts';
import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { Field } from '../forms/TextInput';
import type { ActionResult } from './admin.server';
import { adminField, FieldError, FormMessage, fieldInvalid } from './FormMessage';
import type { PostFormValues, PreviewResult } from './post-form.server';

const PREVIEW_DELAY_MS = 400;

function valuesOf(post: AdminBlogPost | null): PostFormValues {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    body: post?.body ?? '',
    category: post?.category ?? '',
    author_name: post?.author_name ?? '',
    hero_alt: post?.hero_alt ?? '',
    tags: post?.tags.join(', ') ?? '',
    product_slugs: post?.product_slugs.join(', ') ?? '',
    featured: post?.featured ?? false,
  };
}

/**
 * A post in Markdown with its preview. Before hydration the Preview button posts the whole form and
 * the page comes back with the rendered body; after it, typing asks the same action through a
 * fetcher, debounced, and the Preview button is not needed (but still works).
 */
export function PostForm({
  post,
  categories,
  result,
  preview,
  submitLabel,
}: {
  post: AdminBlogPost | null;
  categories: BlogCategory[];
  result: ActionResult | undefined;
  preview: PreviewResult | undefined;
  submitLabel: string;
}) {
  const values = preview?.values ?? valuesOf(post);
  const navigation = useNavigation();
  const fetcher = useFetcher<PreviewResult>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [typed, setTyped] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = (typed ? fetcher.data : undefined) ?? preview;
  const described = (name: string) =>
    fieldInvalid(result, name) ? { 'aria-invalid': true, 'aria-describedby': `post-${name}-error` } : {};
  const field = (
    name: keyof PostFormValues,
    label: string,
    extra: Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> = {},
  ) => (
    <Field
      id={`post-${name}`}
      label={label}
      {...adminField(result, name)}
      defaultValue={String(values[name])}
      {...extra}
    />
  );
  return (
    <Form method="post" className="admin-form admin-form--wide admin-post-form">
      {field('title', 'Title', { required: true })}
      {field('slug', 'Slug (the address: /blog/…)', { required: true })}
      {field('excerpt', 'Excerpt', { required: true })}
      <Field id="post-category" label="Category" {...adminField(result, 'category')}>
        {(control) => (
          <select {...control} name="category" defaultValue={values.category} required>
            <option value="">Choose…</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {field('author_name', 'Author', { required: true })}
      {field('hero_alt', 'Hero image description (alt text)', { required: true })}
      {field('tags', 'Tags (comma-separated)')}
      {field('product_slugs', 'Dishes offered (product slugs, comma-separated)')}
      <div className="admin-field admin-field--check">
        <input type="hidden" name="featured" value="false" />
        <input id="post-featured" type="checkbox" name="featured" defaultChecked={values.featured} />
        <label htmlFor="post-featured">Featured on the blog's first page</label>
      </div>
      <div className="admin-post-editor">
        <div className="admin-field">
          <label htmlFor="post-body">Body (Markdown)</label>
          <textarea
            id="post-body"
            name="body"
            rows={18}
            defaultValue={values.body}
            required
            {...described('body')}
            onChange={(event) => {
              const body = event.currentTarget.value;
              setTyped(true);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                fetcher.submit({ intent: 'preview', body }, { method: 'post' });
              }, PREVIEW_DELAY_MS);
            }}
          />
          <FieldError result={result} name="body" id="post-body-error" />
        </div>
        <section
          className="admin-post-preview"
          aria-labelledby="post-preview-heading"
          aria-busy={fetcher.state !== 'idle'}
        >
          <h2 id="post-preview-heading">Preview</h2>
          {shown ? (
            <>
              <p className="admin-hint">{shown.reading_minutes} min read</p>
              {/* The API's Markdown renderer escapes raw HTML: this is what the article will show. */}
              <div
                className="post__body"
                data-testid="post-preview"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the blog API
                dangerouslySetInnerHTML={{ __html: shown.html }}
              />
            </>
          ) : (
            <p className="admin-hint">Type in the body, or press Preview.</p>
          )}
        </section>
      </div>
      <div className="admin-inline-form">
        <button
          type="submit"
          name="intent"
          value="preview"
          className="button button--secondary"
          formNoValidate
        >
          Preview
        </button>
        <button
          type="submit"
          name="intent"
          value="save"
          className="button"
          disabled={navigation.state === 'submitting'}
        >
          {submitLabel}
        </button>
      </div>
      <FormMessage result={result} intent="save" success="Saved." />
    </Form>
  );
}
