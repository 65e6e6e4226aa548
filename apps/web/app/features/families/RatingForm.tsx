import type { RatingForm as RatingFormData } from '@sprout/contracts';
import { Form, useNavigation } from 'react-router';
import './ratings.css';

type Choice = { value: string; label: string };

/**
 * Each dish of a delivered box × each child: loved / ok / refused as a radio group per child
 * (docs/decisions/055, Ratings). A plain form: it works before (and without) JavaScript; the radios
 * already chosen come checked, so a second submit changes them.
 */
export function RatingForm({
  form,
  choices,
  token,
  error,
  submitLabel,
}: {
  form: RatingFormData;
  choices: Choice[];
  /** The email link's token, sent back with the ratings (absent on the account's page). */
  token?: string;
  error?: string | null;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const given = new Map(form.ratings.map((entry) => [`${entry.child_id}:${entry.sku}`, entry.rating]));
  return (
    <Form method="post" className="rating-form">
      {token ? <input type="hidden" name="token" value={token} /> : null}
      {error ? (
        <p role="alert" className="rating-form__error">
          {error}
        </p>
      ) : null}
      <ul className="rating-form__dishes">
        {form.dishes.map((dish) => (
          <li key={dish.sku} className="rating-dish">
            <h3 className="rating-dish__name">{dish.name}</h3>
            {form.children.map((child) => {
              const key = `${child.id}:${dish.sku}`;
              return (
                <fieldset key={key} className="rating-choice">
                  {/* Read as "Mia, Veggie Mac": the dish's name is the card's heading for the eye. */}
                  <legend>
                    <span aria-hidden="true">{child.name}</span>
                    <span className="visually-hidden">{`${child.name}, ${dish.name}`}</span>
                  </legend>
                  <div className="rating-choice__options">
                    {choices.map((choice) => (
                      <label key={choice.value} className="rating-choice__option">
                        <input
                          type="radio"
                          name={`rating:${key}`}
                          value={choice.value}
                          defaultChecked={given.get(key) === choice.value}
                        />
                        <span>{choice.label}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </li>
        ))}
      </ul>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </Form>
  );
}
