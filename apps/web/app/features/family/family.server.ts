import { parseWithZod } from '@conform-to/zod/v4';
import {
  type Child,
  calendarMonth,
  childBody,
  endpoints,
  MAX_CHILD_AGE_YEARS,
  splitIngredients,
} from '@sprout/contracts';
import { z } from 'zod';
import type { ServerApiClient } from '../../lib/api-client.server';
import type { CatalogueClient } from '../../lib/catalogue.server';
import { readMine } from '../account/account.server';
import { replyWithApiFailure } from '../forms/reply.server';
import type { FamilyActionData, FamilyChoices } from './family-types';

/**
 * The family page's form: the API's childBody, with the disliked ingredients typed as one
 * comma-separated field (split here, then held to the body's own rules) and the `intent` and child
 * that tell the one action what to do (docs/decisions/055).
 */
export const childForm = childBody
  .omit({ disliked_ingredients: true })
  .extend({
    intent: z.enum(['add', 'edit']),
    child_id: z.coerce.number().int().positive().optional(),
    disliked_ingredients: z
      .string()
      .max(2000)
      .optional()
      .transform((text) => splitIngredients(text ?? ''))
      .pipe(childBody.shape.disliked_ingredients.unwrap()),
  })
  .strict();

const removeForm = z.object({ intent: z.literal('remove'), child_id: z.coerce.number().int().positive() });

/** The fields an API refusal can name, as the form shows them. */
export const CHILD_FIELDS = [
  'name',
  'birth_month',
  'allergens',
  'diet',
  'disliked_dishes',
  'disliked_ingredients',
] as const;

/** What the page shows and chooses from: the children, the catalogue's tags and dishes, the years. */
export async function loadFamily(api: ServerApiClient, catalogue: CatalogueClient): Promise<FamilyChoices> {
  const [family, tags, dishes] = await Promise.all([
    readMine(api, endpoints.families.children),
    catalogue.tags(),
    catalogue.products({ perPage: 100, include: ['category'] }),
  ]);
  const today = calendarMonth(new Date());
  const groups = new Map<string, { sku: string; name: string }[]>();
  for (const dish of dishes.data) {
    const category = dish.category?.name ?? 'Other dishes';
    groups.set(category, [...(groups.get(category) ?? []), { sku: dish.sku, name: dish.name }]);
  }
  // A dish a child dislikes that left the menu stays choosable, so an edit keeps it.
  const offered = new Set(dishes.data.map((dish) => dish.sku));
  const gone = family.data
    .flatMap((child) => child.disliked_dishes)
    .filter(
      (dish, index, all) => !offered.has(dish.sku) && all.findIndex((d) => d.sku === dish.sku) === index,
    );
  if (gone.length > 0) groups.set('No longer on the menu', gone);
  return {
    children: family.data,
    allergens: tags.data.filter((tag) => tag.group === 'allergen').map(({ slug, name }) => ({ slug, name })),
    diets: tags.data.filter((tag) => tag.group === 'diet').map(({ slug, name }) => ({ slug, name })),
    dishGroups: [...groups].map(([category, list]) => ({ category, dishes: list })),
    years: Array.from({ length: MAX_CHILD_AGE_YEARS + 1 }, (_, index) => today.year - index),
  };
}

/** Which child a `?edit=` or `?remove=` names, when it is one of this family's. */
export function childNamed(children: Child[], value: string | null): Child | null {
  if (!value || !/^\d+$/.test(value)) return null;
  return children.find((child) => child.id === Number(value)) ?? null;
}

/** One action, three forms: add, edit (the whole profile) and remove (after its confirmation). */
export async function familyAction(
  api: ServerApiClient,
  formData: FormData,
): Promise<FamilyActionData | { redirectTo: string }> {
  if (formData.get('intent') === 'remove') {
    const submission = parseWithZod(formData, { schema: removeForm });
    if (submission.status !== 'success') return { intent: 'remove', result: submission.reply() };
    const answer = await api.call(endpoints.families.removeChild, {
      params: { childId: submission.value.child_id },
    });
    if (answer.kind !== 'ok') {
      return { intent: 'remove', result: replyWithApiFailure(submission, answer, { fields: [] }) };
    }
    return { redirectTo: '/account/family?done=removed' };
  }
  const submission = parseWithZod(formData, { schema: childForm });
  const intent = formData.get('intent') === 'edit' ? 'edit' : 'add';
  const childId = Number(formData.get('child_id')) || null;
  if (submission.status !== 'success') return { intent, childId, result: submission.reply() };
  const { intent: _, child_id, ...body } = submission.value;
  const answer =
    intent === 'edit' && child_id
      ? await api.call(endpoints.families.updateChild, { params: { childId: child_id }, body })
      : await api.call(endpoints.families.addChild, { body });
  if (answer.kind !== 'ok') {
    return {
      intent,
      childId,
      result: replyWithApiFailure(submission, answer, {
        fields: CHILD_FIELDS,
        fieldKeys: { birth_month: ['birth_month', 'birth_year'] },
      }),
    };
  }
  return { redirectTo: `/account/family?done=${intent === 'edit' ? 'saved' : 'added'}` };
}
