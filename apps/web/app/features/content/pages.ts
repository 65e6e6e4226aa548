export type ContentPage = { title: string; intro: string; sections: { heading: string; body: string }[] };

/** Company and help pages: short, plain copy the business edits here. */
export const contentPages: Record<string, ContentPage> = {
  faq: {
    title: 'Frequently asked questions',
    intro: 'Everything parents ask us before their first box.',
    sections: [
      {
        heading: 'What ages is Sprout & Spoon for?',
        body: 'From first tastes at six months to hungry school kids: purees, finger foods, toddler meals, smoothies and snacks.',
      },
      {
        heading: 'Is everything organic?',
        body: 'Every ingredient we can source organically is organic, and nothing contains added sugar, salt or preservatives.',
      },
      {
        heading: 'How does the subscription work?',
        body: 'Pick a box of 12, 24 or 36 items, fill it from the weekly menus, and choose a delivery every 1, 2 or 4 weeks. Skip, pause or cancel anytime before the cutoff.',
      },
      {
        heading: 'Do you handle allergies?',
        body: 'Each dish lists its ingredients and allergens, and the menu filters hide anything with the allergens you choose. Our kitchen is nut-free.',
      },
    ],
  },
  'contact-us': {
    title: 'Contact us',
    intro: 'Real people, happy to help seven days a week.',
    sections: [
      { heading: 'Email', body: 'hello@sproutandspoon.example — we answer within one business day.' },
      { heading: 'Phone', body: '(555) 010-2030, Monday to Friday, 8am to 6pm Eastern.' },
      {
        heading: 'Your order',
        body: 'Log in to your account to change a delivery, skip a week or update your address.',
      },
    ],
  },
  'food-nutrition': {
    title: 'Food & nutrition',
    intro: 'Designed with pediatric dietitians for growing bodies.',
    sections: [
      {
        heading: 'Hidden veggies',
        body: 'Most dishes carry at least half a serving of vegetables, blended in where little eaters will not notice.',
      },
      {
        heading: 'Iron, protein, fiber',
        body: 'Every card shows protein, fiber and veggie servings per portion so you can balance the week at a glance.',
      },
      {
        heading: 'No added sugar',
        body: 'Sweetness comes from fruit and vegetables only, never from added sugar or juice concentrates.',
      },
    ],
  },
  packaging: {
    title: 'Packaging',
    intro: 'Frozen fresh, shipped responsibly.',
    sections: [
      {
        heading: 'Recyclable boxes',
        body: 'Our boxes and insulation liners are curbside recyclable; the ice packs are non-toxic and drain-safe.',
      },
      {
        heading: 'BPA-free containers',
        body: 'Pouches, trays and bowls are BPA-free and microwave-safe once the film is removed.',
      },
    ],
  },
  'privacy-policy': {
    title: 'Privacy policy',
    intro: 'We collect what we need to feed your family, and nothing more.',
    sections: [
      {
        heading: 'What we collect',
        body: 'Your contact details, delivery address, order history and payment tokens (never full card numbers).',
      },
      {
        heading: 'How we use it',
        body: 'To deliver your orders, answer your questions and, if you agree, tell you about new dishes. We never sell personal data.',
      },
      {
        heading: 'About your children',
        body: "If you add your children to your account (Family), we keep for each one only what choosing their food needs: a first name or nickname, the month and year of birth (for the age band their dishes are written for), the allergies, dishes and ingredients you tell us about, an optional diet, and how they rated the dishes they ate. We use it to flag dishes that contain an allergen, to leave out what they won't eat and to suggest what they liked. Nothing else about a child is asked or kept, and it is never shared. Removing a child deletes all of it, ratings included, at once.",
      },
      {
        heading: 'Your choices',
        body: 'You can download or delete your data from your account or by contacting us.',
      },
    ],
  },
  terms: {
    title: 'Terms of service',
    intro: 'The short version: fair for families, clear about subscriptions.',
    sections: [
      {
        heading: 'Subscriptions',
        body: 'Your plan renews on your chosen frequency until you pause or cancel. Changes made before the weekly cutoff apply to the next delivery.',
      },
      {
        heading: 'Payments',
        body: 'We charge your payment method when an order is placed. Promotions apply as described when you redeem them.',
      },
      {
        heading: 'Deliveries',
        body: 'We deliver to the zip codes we serve on the weekdays shown at checkout. If something arrives damaged, tell us and we make it right.',
      },
    ],
  },
  'what-we-stand-for': {
    title: 'What we stand for',
    intro: 'Every child deserves real food.',
    sections: [
      { heading: 'Quality first', body: 'Chef-cooked recipes, organic produce, and nothing artificial.' },
      { heading: 'Honest labels', body: 'Full ingredients and nutrition for every dish, right on the menu.' },
      {
        heading: 'Giving back',
        body: 'For every box, we donate a meal to a family food program in our delivery area.',
      },
    ],
  },
};
