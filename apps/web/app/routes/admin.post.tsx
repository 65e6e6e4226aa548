import { adminBlogPostPatch, adminBlogPublishInput, endpoints } from '@sprout/contracts';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Form, Link, useSearchParams } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm, text } from '../features/admin/admin.server';
import { FieldError, FormMessage, fieldInvalid } from '../features/admin/FormMessage';
import { PostForm } from '../features/admin/PostForm';
import { type PreviewResult, postInput, previewAction } from '../features/admin/post-form.server';
import { failureOf } from '../lib/api-client.server';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.post';

/** /admin/posts/:id: edit the post, publish it now or schedule it, or take it back to draft. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [post, categories] = await Promise.all([
    orNotFound(context.api.read(endpoints.adminBlog.post, { params: { id: Number(params.id) || 0 } })),
    context.api.read(endpoints.blog.categories),
  ]);
  return { post: post.data, categories: categories.data, title: `${post.data.title} · Admin` };
}

/** A datetime-local value (no zone) is taken as UTC, the zone the admin site shows dates in. */
function isoOf(local: string | undefined): string | undefined {
  return local ? `${local.length === 16 ? `${local}:00` : local}Z` : undefined;
}

export async function action({
  request,
  context,
  params,
}: Route.ActionArgs): Promise<ActionResult | PreviewResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = text(form, 'intent') ?? 'save';
  const post = { id: Number(params.id) || 0 };
  if (intent === 'preview') return previewAction(context.api, form);
  if (intent === 'publish') {
    const at = isoOf(text(form, 'published_at') || undefined);
    const result = await sendAdminForm(context, intent, adminBlogPublishInput, { published_at: at }, (body) =>
      context.api.call(endpoints.adminBlog.publish, { params: post, body }),
    );
    return result.ok
      ? { ...result, message: at ? 'Scheduled.' : 'Published: readers can see it now.' }
      : result;
  }
  if (intent === 'unpublish') {
    const answer = await context.api.call(endpoints.adminBlog.unpublish, { params: post });
    return answer.kind === 'ok'
      ? { ok: true, intent, data: null, message: 'Back to draft: readers cannot see it.' }
      : { ok: false, intent, message: failureOf(answer).message ?? 'Could not unpublish.', errors: {} };
  }
  const result = await sendAdminForm(context, 'save', adminBlogPostPatch, postInput(form), (body) =>
    context.api.call(endpoints.adminBlog.update, { params: post, body }),
  );
  return result.ok ? { ...result, message: 'Saved.' } : result;
}

/** A preview through the fetcher needs no loader run again (nothing changed). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;
}

const STATUS_TEXT = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;

export default function AdminPostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories } = loaderData;
  const [params] = useSearchParams();
  const preview = actionData && 'html' in actionData ? actionData : undefined;
  const result = actionData && !('html' in actionData) ? actionData : undefined;
  const described = fieldInvalid(result, 'published_at')
    ? { 'aria-invalid': true, 'aria-describedby': 'publish-at-error' }
    : {};
  return (
    <div className="admin-page">
      <p>
        <Link to={`/admin/posts?status=${post.status}`}>‹ Blog</Link>
      </p>
      <h1>{post.title}</h1>
      {params.get('created') && !actionData ? (
        <p role="status" className="admin-success">
          Saved as a draft: readers cannot see it yet.
        </p>
      ) : null}
      <p>
        <strong data-testid="post-status">{STATUS_TEXT[post.status]}</strong>
        {post.published_at ? ` · ${post.published_at.slice(0, 16).replace('T', ' ')} UTC` : ''}
        {post.status === 'published' ? (
          <>
            {' · '}
            <a href={`/blog/${post.slug}/`}>Read it on the blog</a>
          </>
        ) : null}
      </p>
      <section className="admin-card" aria-labelledby="publish-heading">
        <h2 id="publish-heading">Publishing</h2>
        <FormMessage result={result} intent="publish" success="Published." />
        <FormMessage result={result} intent="unpublish" success="Unpublished." />
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="intent" value="publish" />
          <label htmlFor="publish-at">Go live at (UTC; empty: now)</label>
          <input id="publish-at" name="published_at" type="datetime-local" {...described} />
          <FieldError result={result} name="published_at" id="publish-at-error" />
          <button type="submit" className="button">
            {post.status === 'published' ? 'Publish again' : 'Publish or schedule'}
          </button>
        </Form>
        {post.status === 'draft' ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="unpublish" />
            <button type="submit" className="button button--secondary">
              Unpublish
            </button>
          </Form>
        )}
      </section>
      <h2>Edit</h2>
      <PostForm
        key={post.updated_at}
        post={post}
        categories={categories}
        result={result}
        preview={preview}
        submitLabel="Save"
      />
    </div>
  );
}
