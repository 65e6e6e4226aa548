import { describe, expect, it } from 'vitest';
import { captureDetailsForm, checkoutDetailsForm } from './carts';
import { INVALID_EMAIL_MESSAGE, PASSWORD_LENGTH_MESSAGE, REQUIRED_MESSAGE } from './constants';
import { PHONE_MESSAGE, ZIP_CODE_MESSAGE } from './fields';
import { applyPromoCodeBody, promoCodeForm } from './promotions';

/** The first message a form shows for one field, or null (a form sends an empty field as nothing). */
function problem(
  schema: { safeParse(value: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  values: Record<string, unknown>,
  field: string,
): string | null {
  const issues = schema.safeParse(values).error?.issues ?? [];
  return issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

const details = {
  email: 'robin@example.com',
  first_name: 'Robin',
  last_name: 'Okafor',
  address_line_1: '12 Orchard Lane',
  city: 'New York',
  zip_code: '10001',
  phone: '(212) 555-0142',
  password: 'little-spoons',
};

describe('the capture form (email and zip)', () => {
  it('asks for both, an address-shaped email and a five-digit zip', () => {
    expect(problem(captureDetailsForm, {}, 'email')).toBe(REQUIRED_MESSAGE);
    expect(problem(captureDetailsForm, {}, 'zip_code')).toBe(REQUIRED_MESSAGE);
    expect(problem(captureDetailsForm, { email: 'not-an-email' }, 'email')).toBe(INVALID_EMAIL_MESSAGE);
    expect(problem(captureDetailsForm, { zip_code: '1000' }, 'zip_code')).toBe(ZIP_CODE_MESSAGE);
    expect(captureDetailsForm.parse({ email: ' a@b.co ', zip_code: ' 99501 ' })).toEqual({
      email: 'a@b.co',
      zip_code: '99501',
    });
  });
});

describe('the promo code form', () => {
  it("asks for a code with the API's words, missing or blank, and trims it", () => {
    expect(problem(promoCodeForm, {}, 'code')).toBe('Please enter a promo code');
    expect(problem(promoCodeForm, { code: '   ' }, 'code')).toBe('Please enter a promo code');
    expect(promoCodeForm.parse({ code: ' fivefree ' })).toEqual({ code: 'fivefree' });
    expect(problem(promoCodeForm, { code: 'X'.repeat(65) }, 'code')).not.toBeNull();
  });

  it('is the API body, which takes nothing else', () => {
    expect(applyPromoCodeBody.safeParse({ code: 'SAVE20', extra: 1 }).success).toBe(false);
  });
});

describe('the checkout details form', () => {
  it('requires the contact and address fields, not the optional ones', () => {
    for (const field of ['email', 'first_name', 'last_name', 'address_line_1', 'city', 'zip_code', 'phone'])
      expect(problem(checkoutDetailsForm, { ...details, [field]: undefined }, field), field).toBe(
        REQUIRED_MESSAGE,
      );
    expect(checkoutDetailsForm.safeParse(details).success).toBe(true);
  });

  it('checks the 5-digit zip, a US phone number and a password of at least 8 characters', () => {
    expect(problem(checkoutDetailsForm, { ...details, zip_code: '1000' }, 'zip_code')).toBe(ZIP_CODE_MESSAGE);
    for (const phone of ['2125550142', '(212) 555-0142', '212.555.0142', '+1 212 555 0142'])
      expect(problem(checkoutDetailsForm, { ...details, phone }, 'phone'), phone).toBeNull();
    for (const phone of ['555-0142', '212 555 01420', 'call me'])
      expect(problem(checkoutDetailsForm, { ...details, phone }, 'phone'), phone).toBe(PHONE_MESSAGE);
    expect(problem(checkoutDetailsForm, { ...details, password: 'short' }, 'password')).toBe(
      PASSWORD_LENGTH_MESSAGE,
    );
  });

  it('caps lengths like the API does', () => {
    expect(problem(checkoutDetailsForm, { ...details, first_name: 'x'.repeat(101) }, 'first_name')).toBe(
      'At most 100 characters',
    );
    expect(
      problem(
        checkoutDetailsForm,
        { ...details, delivery_instructions: 'x'.repeat(501) },
        'delivery_instructions',
      ),
    ).toBe('At most 500 characters');
  });
});
