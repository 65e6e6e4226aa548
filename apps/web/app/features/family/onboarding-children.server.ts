import { parseWithZod } from '@conform-to/zod/v4';
import {
  type CartChildProfile,
  type ChildBody,
  calendarMonth,
  endpoints,
  MAX_CHILD_AGE_YEARS,
  MAX_CHILDREN,
  TOO_MANY_CHILDREN_MESSAGE,
} from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';
import type { CatalogueClient } from '../../lib/catalogue.server';
import { safeReturnPath } from '../auth/return-path';
import { readCartIdFromCookie } from '../cart/storage';
import { replyWithApiFailure } from '../forms/reply.server';
import { CHILD_FIELDS, childForm } from './family.server';
import type { FamilyActionData, FamilyChoices } from './family-types';

/**
 * The onboarding's optional children step (docs/decisions/055): after the capture, a visitor may tell us
 * about their children; the answers live on the cart until checkout, where they become the
 * account's profiles (docs/decisions/055). One cookie says the step was offered, so it is offered
 * once per browser whatever the visitor chose.
 */
export const CHILDREN_STEP_COOKIE = 'children_step';
export const CHILDREN_STEP_PATH = '/onboarding/children';

/** Whether the capture should lead to the children step: not yet offered in this browser. */
export function childrenStepOffered(cookieHeader: string | null): boolean {
  return /(?:^|;\s*)children_step=/.test(cookieHeader ?? '');
}

/** The step's address, with where the visitor was going. */
export function childrenStepPath(next: string): string {
  return `${CHILDREN_STEP_PATH}?${new URLSearchParams({ next })}`;
}

/** The `children_step` cookie (a year): set when the step is offered. */
export function childrenStepCookie(secure: boolean): string {
  return `${CHILDREN_STEP_COOKIE}=offered; Path=/; SameSite=Lax; Max-Age=31536000${secure ? '; Secure' : ''}`;
}

/** Where the step continues to: the page the visitor was going to, else the plans. */
export function nextOf(url: URL | string): string {
  const value = (typeof url === 'string' ? new URL(url) : url).searchParams.get('next');
  const path = safeReturnPath(value);
  return path && !path.startsWith(CHILDREN_STEP_PATH) ? path : '/onboarding/plans';
}

/** A child on the cart as the body that sets it again (the PUT replaces the whole list). */
function bodyOf(child: CartChildProfile): ChildBody {
  return {
    name: child.name,
    birth_year: child.birth_year,
    birth_month: child.birth_month,
    allergens: child.allergens.map((tag) => tag.slug),
    disliked_dishes: child.disliked_dishes.map((dish) => dish.sku),
    disliked_ingredients: child.disliked_ingredients,
    diet: child.diet?.slug ?? null,
  };
}

export type OnboardingChildren = {
  children: { name: string; born: string; allergens: string }[];
  choices: FamilyChoices;
  /** Said by the loader so the page's browser code carries no contracts. */
  full: string | null;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The cart's children and what the form chooses from; null without a cart (nothing to keep them on). */
export async function loadOnboardingChildren(
  api: ServerApiClient,
  catalogue: CatalogueClient,
  cookieHeader: string | null,
): Promise<OnboardingChildren | null> {
  const cartId = readCartIdFromCookie(cookieHeader);
  if (!cartId) return null;
  const [answer, tags, dishes] = await Promise.all([
    api.call(endpoints.carts.readChildren, { params: { cartId } }),
    catalogue.tags(),
    catalogue.products({ perPage: 100, include: ['category'] }),
  ]);
  if (answer.kind !== 'ok') return null;
  const groups = new Map<string, { sku: string; name: string }[]>();
  for (const dish of dishes.data) {
    const category = dish.category?.name ?? 'Other dishes';
    groups.set(category, [...(groups.get(category) ?? []), { sku: dish.sku, name: dish.name }]);
  }
  const today = calendarMonth(new Date());
  const children = answer.data.data;
  return {
    children: children.map((child) => ({
      name: child.name,
      born: `${MONTHS[child.birth_month - 1]} ${child.birth_year}`,
      allergens: child.allergens.map((tag) => tag.allergen).join(', '),
    })),
    choices: {
      children: [],
      allergens: tags.data
        .filter((tag) => tag.group === 'allergen')
        .map(({ slug, name }) => ({ slug, name })),
      diets: tags.data.filter((tag) => tag.group === 'diet').map(({ slug, name }) => ({ slug, name })),
      dishGroups: [...groups].map(([category, list]) => ({ category, dishes: list })),
      years: Array.from({ length: MAX_CHILD_AGE_YEARS + 1 }, (_, index) => today.year - index),
    },
    full: children.length >= MAX_CHILDREN ? TOO_MANY_CHILDREN_MESSAGE : null,
  };
}

/** Adds one child to the cart's children (the list is set whole); a refusal shows beside its field. */
export async function addOnboardingChild(
  api: ServerApiClient,
  cookieHeader: string | null,
  formData: FormData,
): Promise<FamilyActionData | { added: true } | { noCart: true }> {
  const cartId = readCartIdFromCookie(cookieHeader);
  if (!cartId) return { noCart: true };
  const submission = parseWithZod(formData, { schema: childForm });
  if (submission.status !== 'success') return { intent: 'add', childId: null, result: submission.reply() };
  const { intent: _, child_id: __, ...body } = submission.value;
  const current = await api.call(endpoints.carts.readChildren, { params: { cartId } });
  if (current.kind !== 'ok') {
    return {
      intent: 'add',
      childId: null,
      result: replyWithApiFailure(submission, current, { fields: [] }),
    };
  }
  const answer = await api.call(endpoints.carts.setChildren, {
    params: { cartId },
    body: { children: [...current.data.data.map(bodyOf), body] },
  });
  if (answer.kind !== 'ok') {
    return {
      intent: 'add',
      childId: null,
      result: replyWithApiFailure(submission, answer, {
        fields: CHILD_FIELDS,
        fieldKeys: { birth_month: ['birth_month', 'birth_year'] },
      }),
    };
  }
  return { added: true };
}
