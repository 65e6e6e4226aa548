import type { FilterOption, Tag } from '@sprout/contracts';
import { Form, useNavigation, useSubmit } from 'react-router';
import { CART_ACTION } from '../cart/useCart';

type Selected = { indicators: string[]; tags: string[] };
type Props = { indicators: FilterOption[]; tags: Tag[]; selected: Selected; action: string };

const SAVE_FILTERS = 'save-filters';

/**
 * While a filter change is saved and loading, show the filters it asked for (optimistic UI), so
 * the checkboxes follow the click at once and "Clear filters" unticks them too.
 */
function useShownSelection(selected: Selected): Selected {
  const { formData } = useNavigation();
  if (formData?.get('intent') !== SAVE_FILTERS) return selected;
  return {
    indicators: formData.getAll('indicators').map(String),
    tags: formData.getAll('tags').map(String),
  };
}

/** What every filter submission carries: the intent and the menu to show afterwards. */
function FilterTarget({ menu }: { menu: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={SAVE_FILTERS} />
      <input type="hidden" name="menu" value={menu} />
    </>
  );
}

/**
 * Filters as a plain form posted to the cart action, which saves them on the visitor's cart (so a
 * visitor who comes back finds them) and answers with the menu filtered: it works before JavaScript
 * loads, and once hydrated each change re-queries the menu without scrolling the page away.
 * Checkboxes are controlled by the loader's selection, so keyboard focus stays on the one toggled.
 */
export function MenuFilters({ indicators, tags, selected, action }: Props) {
  const submit = useSubmit();
  const shown = useShownSelection(selected);
  const groups: { legend: string; name: keyof Selected; options: { slug: string; name: string }[] }[] = [
    { legend: 'Nutrition', name: 'indicators', options: indicators },
    { legend: 'Diet', name: 'tags', options: tags.filter((tag) => tag.group === 'diet') },
    { legend: 'Allergens', name: 'tags', options: tags.filter((tag) => tag.group === 'allergen') },
  ];

  return (
    <Form
      method="post"
      action={CART_ACTION}
      className="menu-filters"
      aria-label="Filter the menu"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      <FilterTarget menu={action} />
      {groups
        .filter((group) => group.options.length > 0)
        .map((group) => (
          <fieldset key={group.legend} className="menu-filters__group">
            <legend>{group.legend}</legend>
            {group.options.map((option) => (
              <label key={option.slug} className="filter-chip">
                <input
                  type="checkbox"
                  name={group.name}
                  value={option.slug}
                  checked={shown[group.name].includes(option.slug)}
                  // The form's onChange submits; React needs a handler to accept a controlled checkbox.
                  onChange={() => {}}
                />
                <span>{option.name}</span>
              </label>
            ))}
          </fieldset>
        ))}
      <noscript>
        <button type="submit" className="button button--ghost">
          Apply filters
        </button>
      </noscript>
    </Form>
  );
}

/** Clears the filters, on the cart too, so a returning visitor sees every dish again. */
export function ClearFiltersButton({
  menu,
  className,
  label,
}: {
  menu: string;
  className: string;
  label: string;
}) {
  return (
    <Form method="post" action={CART_ACTION} preventScrollReset replace className="clear-filters">
      <FilterTarget menu={menu} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
