import type { Indicator, Tag } from '@sprout/contracts';
import { Form, useSubmit } from 'react-router';

type Props = {
  indicators: Indicator[];
  tags: Tag[];
  selected: { indicators: string[]; tags: string[] };
  action: string;
};

/**
 * Filters as a plain GET form: it works before JavaScript loads, and once hydrated each change
 * re-queries the menu without scrolling the page away.
 */
export function MenuFilters({ indicators, tags, selected, action }: Props) {
  const submit = useSubmit();
  const groups: { legend: string; name: 'indicators' | 'tags'; options: { slug: string; name: string }[] }[] =
    [
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
                  defaultChecked={selected[group.name].includes(option.slug)}
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
