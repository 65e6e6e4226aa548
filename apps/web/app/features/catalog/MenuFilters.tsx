import type { Indicator, Tag } from '@sprout/contracts';
import { Form, useNavigation, useSubmit } from 'react-router';

type Selected = { indicators: string[]; tags: string[] };
type Props = { indicators: Indicator[]; tags: Tag[]; selected: Selected; action: string };

/**
 * While a filter change is loading, show the filters it asked for (optimistic UI), so the
 * checkboxes follow the click at once and "Clear filters" unticks them too.
 */
function useShownSelection(selected: Selected, action: string): Selected {
  const navigation = useNavigation();
  const pending = navigation.location;
  if (!pending || pending.pathname.replace(/\/$/, '') !== action.replace(/\/$/, '')) return selected;
  const params = new URLSearchParams(pending.search);
  return { indicators: params.getAll('indicators'), tags: params.getAll('tags') };
}

/**
 * Filters as a plain GET form: it works before JavaScript loads, and once hydrated each change
 * re-queries the menu without scrolling the page away. Checkboxes are controlled by the URL,
 * so keyboard focus stays on the one just toggled.
 */
export function MenuFilters({ indicators, tags, selected, action }: Props) {
  const submit = useSubmit();
  const shown = useShownSelection(selected, action);
  const groups: { legend: string; name: keyof Selected; options: { slug: string; name: string }[] }[] = [
    { legend: 'Nutrition', name: 'indicators', options: indicators },
    { legend: 'Diet', name: 'tags', options: tags.filter((tag) => tag.group === 'diet') },
    { legend: 'Allergens', name: 'tags', options: tags.filter((tag) => tag.group === 'allergen') },
  ];

  return (
    <Form
      method="get"
      action={action}
      className="menu-filters"
      aria-label="Filter the menu"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
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
