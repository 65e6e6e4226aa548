import { type AdminBlogPost, adminBlogPostInput, endpoints } from '@sprout/contracts';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Link, redirect } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm, text } from '../features/admin/admin.server';
import { PostForm } from '../features/admin/PostForm';
import { type PreviewResult, postInput, previewAction } from '../features/admin/post-form.server';
import type { Route } from './+types/admin.post-new';

export const handle = { title: 'Write a post · Admin' };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const categories = await context.api.read(endpoints.blog.categories);
  return { categories: categories.data };
}

/** A new post is a draft: saved, it opens on its own page to be published or scheduled. */
export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionResult | PreviewResult | Response> {
  await requireAdmin(request, context);
  const form = await request.formData();
  if (text(form, 'intent') === 'preview') return previewAction(context.api, form);
  const result = await sendAdminForm(context, 'save', adminBlogPostInput, postInput(form), (body) =>
    context.api.call(endpoints.adminBlog.create, { body }),
  );
  if (!result.ok) return result;
  return redirect(`/admin/posts/${(result.data as { data: AdminBlogPost }).data.id}?created=1`);
}

/** A preview through the fetcher needs no loader run again (nothing changed). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;
}

export default function AdminPostNew({ loaderData, actionData }: Route.ComponentProps) {
  const preview = actionData && 'html' in actionData ? actionData : undefined;
  const result = actionData && !('html' in actionData) ? actionData : undefined;
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/posts">‹ Blog</Link>
      </p>
      <h1>Write a post</h1>
      <PostForm
        post={null}
        categories={loaderData.categories}
        result={result}
        preview={preview}
        submitLabel="Save draft"
      />
    </div>
  );
}
