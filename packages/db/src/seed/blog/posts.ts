import type { EmojiSet } from '../catalogue/types';
import type { BlogCategorySlug } from './categories';

/**
 * The demo blog: original posts written for Sprout & Spoon. `daysAgo` places each post relative to
 * the moment of seeding (newest first is then stable whatever the date). Links point at the
 * store's own addresses: menus (`/menus/{slug}/`) and dishes (`/menus?product={slug}`).
 */
export type BlogPostSeed = {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategorySlug;
  author: string;
  tags: string[];
  products: string[];
  featured?: boolean;
  daysAgo: number;
  /** Main picture first, then garnishes: the same Fluent emoji set the product pictures use. */
  emoji: EmojiSet;
  heroAlt: string;
  body: string;
};

const MAYA = 'Maya Okafor, RD';
const TOMAS = 'Chef Tomás Reyes';
const PRIYA = 'Priya Raman';
const TEAM = 'The Sprout & Spoon team';

export const blogPosts: BlogPostSeed[] = [
  {
    slug: 'five-minute-lunchbox-upgrades',
    title: 'Five-minute lunchbox upgrades for picky eaters',
    excerpt: 'Small swaps that turn the same old lunchbox into something your child actually opens.',
    category: 'recipes',
    author: TOMAS,
    tags: ['lunchbox', 'picky eaters', 'quick'],
    products: ['broccoli-cheddar-bites', 'apple-cinnamon-oat-bar', 'mango-carrot-fruit-strips'],
    featured: true,
    daysAgo: 1,
    emoji: ['bento-box', 'red-apple', 'broccoli'],
    heroAlt: 'A bento lunchbox with an apple and broccoli on a warm orange background',
    body: `Most lunchboxes come home half full for one simple reason: everything in them looks the same as yesterday. You do not need a new menu, just a new arrangement.

## 1. Cut it differently

Children eat with their eyes first. The same sandwich cut into four triangles or rolled into pinwheels disappears faster than a square one. Our [Broccoli Cheddar Bites](/menus?product=broccoli-cheddar-bites) are already bite-sized, so they fit any compartment.

## 2. Add one "safe" food

Pair something new with something your child always eats. A familiar food lowers the stakes, and the new one gets a taste more often than you would think.

## 3. Make dipping part of lunch

Yogurt, hummus or a little nut-free seed butter turn vegetables into a game. Dipping gives a child control, and control is what picky eaters want most.

## 4. Sweet, but not sugary

A [Mango Carrot Fruit Strip](/menus?product=mango-carrot-fruit-strips) or an [Apple Cinnamon Oat Bar](/menus?product=apple-cinnamon-oat-bar) feels like a treat and carries fibre and whole grains with it.

## 5. Ask for a review

Let your child rate lunch from one to five spoons. Kids who are asked tend to try more, and you learn what to pack again.

Browse the whole [snacks menu](/menus/snacks/) for more lunchbox fillers.`,
  },
  {
    slug: 'iron-for-toddlers',
    title: 'Iron for toddlers: how much, and where to find it',
    excerpt:
      'Iron needs jump in the second half of the first year. Here is how to cover them with everyday food.',
    category: 'nutrition',
    author: MAYA,
    tags: ['iron', 'toddlers', 'minerals'],
    products: ['grass-fed-beef-ragu', 'coconut-lentil-dal-bowl'],
    daysAgo: 4,
    emoji: ['cut-of-meat', 'leafy-green', 'beans'],
    heroAlt: 'A cut of meat with leafy greens and beans on a green background',
    body: `Babies are born with an iron reserve that runs low at around six months. From then on, food has to do the work, and toddlers between one and three years need about 7 mg a day.

## Two kinds of iron

- **Heme iron** comes from meat, poultry and fish and is absorbed easily.
- **Non-heme iron** comes from beans, lentils, leafy greens and fortified grains. The body takes up less of it, but vitamin C helps a lot.

## Pairing tricks

Serve lentils with tomatoes, spinach with a squeeze of lemon, or beans with peppers. Our [Coconut Lentil Dal Bowl](/menus?product=coconut-lentil-dal-bowl) combines red lentils with tomato for exactly that reason.

## Watch the milk

More than about 500 ml of cow's milk a day can crowd out iron-rich food and hinder absorption. If your toddler fills up on milk, offer it after meals rather than before.

## Easy wins

A bowl of [Grass-Fed Beef Ragu](/menus?product=grass-fed-beef-ragu) covers a good share of the day's iron in one meal. Ask your paediatrician about a blood test if your child is very pale, tired or eats almost no meat or legumes.`,
  },
  {
    slug: 'starting-solids-first-two-weeks',
    title: 'Starting solids: a calm plan for the first two weeks',
    excerpt: 'A day-by-day rhythm for the first spoonfuls, with what to expect and what not to worry about.',
    category: 'feeding-milestones',
    author: PRIYA,
    tags: ['starting solids', 'purees', 'six months'],
    products: ['sweet-potato-carrot-flax-puree', 'pear-spinach-pea-puree'],
    daysAgo: 7,
    emoji: ['spoon', 'roasted-sweet-potato', 'carrot'],
    heroAlt: 'A baby spoon with sweet potato and carrot on a lilac background',
    body: `Most babies are ready for solids at around six months: they sit with support, hold their head steady and show interest in your plate. The first two weeks are about practice, not nutrition. Milk still does the heavy lifting.

## Days 1 to 3: one taste a day

Offer one or two teaspoons of a smooth puree once a day, at a time your baby is alert and not too hungry. A [Sweet Potato Carrot Flax Puree](/menus?product=sweet-potato-carrot-flax-puree) is mild and naturally sweet.

## Days 4 to 7: a little more

Follow your baby's cues. Leaning in and opening the mouth means more; turning away means done. Faces of surprise are normal and do not mean dislike.

## Week two: new flavours

Introduce green vegetables early, such as a [Pear Spinach Pea Puree](/menus?product=pear-spinach-pea-puree). Babies who meet bitter flavours early accept them more readily later.

## What not to worry about

- Most of the food ending up on the bib.
- Gagging, which is a normal protective reflex and different from choking.
- Days with no interest at all.

See the full [purees menu](/menus/purees/) when you are ready for more variety.`,
  },
  {
    slug: 'new-family-bowls-this-autumn',
    title: 'Three new family bowls arrive this autumn',
    excerpt: 'A lentil dal, a falafel bowl and a hidden-veggie bolognese join the family bowls menu.',
    category: 'news',
    author: TEAM,
    tags: ['new dishes', 'family bowls'],
    products: ['coconut-lentil-dal-bowl', 'mediterranean-falafel-bowl', 'hidden-veggie-bolognese-bowl'],
    daysAgo: 10,
    emoji: ['curry-rice', 'falafel', 'spaghetti'],
    heroAlt: 'A bowl of curry rice, falafel and spaghetti on a yellow background',
    body: `Our family bowls are built to be shared: one bowl for a toddler and a grown-up, or a quick dinner on a busy night. This autumn three new bowls join the [family bowls menu](/menus/family-bowls/).

## Coconut Lentil Dal Bowl

Red lentils simmered with coconut milk, tomato and a gentle blend of turmeric and cumin, over brown rice. [See the dal bowl](/menus?product=coconut-lentil-dal-bowl).

## Mediterranean Falafel Bowl

Baked chickpea falafel with cucumber, herbed quinoa and a yogurt dip. [See the falafel bowl](/menus?product=mediterranean-falafel-bowl).

## Hidden-Veggie Bolognese Bowl

Six vegetables blended into a rich tomato sauce that even sauce-inspectors approve of. [See the bolognese](/menus?product=hidden-veggie-bolognese-bowl).

All three are free from peanuts and tree nuts and cooked in the same kitchen as the rest of the menu. They are available in every plan from the next delivery on.`,
  },
  {
    slug: 'sheet-pan-salmon-cakes',
    title: 'Sheet-pan salmon cakes the whole family will share',
    excerpt:
      'A weeknight recipe with salmon, sweet potato and peas that works for toddlers and adults alike.',
    category: 'recipes',
    author: TOMAS,
    tags: ['fish', 'omega-3', 'weeknight'],
    products: ['salmon-sweet-potato-cakes', 'wild-salmon-sweet-pea-mash'],
    daysAgo: 13,
    emoji: ['fish', 'roasted-sweet-potato', 'lemon'],
    heroAlt: 'A fish with roasted sweet potato and lemon on a peach background',
    body: `Salmon cakes are the easiest way to put fish on the table twice a week. This version bakes on one tray, so there is no frying and very little washing up.

## You will need

- 2 cooked sweet potatoes, mashed
- 1 tin of wild salmon, drained, bones removed
- 1 egg
- a handful of frozen peas
- 3 tablespoons of oat flour
- zest of half a lemon

## Method

1. Heat the oven to 200 °C (400 °F) and line a tray with baking paper.
2. Mix everything in a bowl and shape into twelve small patties.
3. Bake for 20 minutes, turning once, until golden.

Serve the small ones to toddlers with yogurt for dipping and the rest with a green salad. If you want the same flavours on a busy night, our [Salmon Sweet Potato Cakes](/menus?product=salmon-sweet-potato-cakes) are ready in three minutes, and younger babies can start with the [Wild Salmon Sweet Pea Mash](/menus?product=wild-salmon-sweet-pea-mash).`,
  },
  {
    slug: 'fibre-and-little-tummies',
    title: 'Fibre and little tummies: getting the balance right',
    excerpt: 'Why toddlers need fibre, how much is enough and how to add it without upset stomachs.',
    category: 'nutrition',
    author: MAYA,
    tags: ['fibre', 'digestion', 'whole grains'],
    products: ['apple-butternut-quinoa-puree', 'roasted-chickpea-crunch'],
    daysAgo: 16,
    emoji: ['sheaf-of-rice', 'green-apple', 'beans'],
    heroAlt: 'Grains, a green apple and beans on a green background',
    body: `Fibre keeps digestion regular and feeds the good bacteria in the gut. Toddlers need roughly 14 grams a day, which is less than many parents expect.

## Where fibre hides

- Whole grains such as oats, quinoa and brown rice
- Beans, lentils and chickpeas
- Fruit with its skin, and vegetables of every colour

## Go slowly

Adding a lot of fibre at once can cause wind and tummy aches. Increase it over a week or two and offer plenty of water alongside.

## Easy swaps

Swap white pasta for a half-and-half mix with whole-wheat, or offer a handful of [Roasted Chickpea Crunch](/menus?product=roasted-chickpea-crunch) instead of crisps. For babies, an [Apple Butternut Quinoa Puree](/menus?product=apple-butternut-quinoa-puree) brings whole grains in a smooth texture.

Every product page on our menus shows its fibre content per serving, so you can see the day add up.`,
  },
  {
    slug: 'from-purees-to-finger-foods',
    title: 'From purees to finger foods: reading the signs',
    excerpt: 'How to tell your baby is ready for lumps and pieces, and which first finger foods are safest.',
    category: 'feeding-milestones',
    author: PRIYA,
    tags: ['finger foods', 'textures', 'nine months'],
    products: ['mini-banana-oat-pancakes', 'broccoli-cheddar-bites'],
    daysAgo: 19,
    emoji: ['pancakes', 'banana', 'broccoli'],
    heroAlt: 'Small pancakes, a banana and broccoli on a lilac background',
    body: `Somewhere between seven and nine months, most babies start to want more than a spoon. They grab at your food, mash things between their gums and sit steadily without support.

## Signs of readiness

- Chewing motions, even without teeth
- Bringing toys and hands to the mouth with purpose
- Using a raking grip, and later a pincer grip

## Safe first pieces

Offer soft foods that squash between your finger and thumb, cut into strips the length of your finger. [Mini Banana Oat Pancakes](/menus?product=mini-banana-oat-pancakes) and [Broccoli Cheddar Bites](/menus?product=broccoli-cheddar-bites) are shaped for small hands.

## Foods to hold back

Whole grapes, whole nuts, popcorn and hard raw vegetables remain choking risks until at least four years.

Keep offering purees alongside: the move to finger foods is gradual. Explore the [finger foods menu](/menus/finger-foods/) for more ideas.`,
  },
  {
    slug: 'we-now-deliver-to-austin',
    title: 'We now deliver to Austin and Miami',
    excerpt: 'Two new cities join our delivery map, with the same weekly menus and delivery days.',
    category: 'news',
    author: TEAM,
    tags: ['delivery', 'new areas'],
    products: [],
    daysAgo: 22,
    emoji: ['delivery-truck', 'package', 'sun'],
    heroAlt: 'A delivery truck, a parcel and the sun on a yellow background',
    body: `Good news for families in Texas and Florida: Sprout & Spoon now delivers to Austin (zip codes starting 787) and Miami (331).

## What changes for you

Nothing, apart from the delivery address. The weekly [menus](/menus) are the same everywhere, boxes arrive chilled in recyclable insulation, and you can skip or edit any box until its cutoff.

## How to check your zip code

Enter your zip code when you pick a plan. If we do not deliver there yet, we will tell you straight away rather than at checkout.

## What is next

We are working on more cities for next year. The fastest way to hear about them is to follow this blog or subscribe to our [RSS feed](/blog/rss.xml).`,
  },
  {
    slug: 'freezer-friendly-smoothie-packs',
    title: 'Freezer-friendly smoothie packs for busy mornings',
    excerpt: 'Prepare a week of smoothies in twenty minutes on Sunday, then blend and go.',
    category: 'recipes',
    author: TOMAS,
    tags: ['smoothies', 'breakfast', 'meal prep'],
    products: ['green-machine-smoothie', 'blueberry-chia-power-smoothie'],
    daysAgo: 25,
    emoji: ['cup-with-straw', 'kiwi-fruit', 'blueberries'],
    heroAlt: 'A cup with a straw, kiwi and blueberries on an orange background',
    body: `A smoothie is a breakfast a toddler can drink while you find the other shoe. Freezer packs make it a two-minute job.

## The formula

For each pack, add to a freezer bag:

- one handful of fruit (banana, mango or berries)
- one small handful of greens (spinach or kale)
- one tablespoon of oats or chia seeds

## On the morning

Tip a pack into the blender with a cup of milk or yogurt and blend for a minute. Pour into a cup with a lid and a wide straw.

## Flavour ideas

- **Green**: kiwi, pineapple and spinach, like our [Green Machine Smoothie](/menus?product=green-machine-smoothie).
- **Purple**: blueberries, banana and chia, like our [Blueberry Chia Power Smoothie](/menus?product=blueberry-chia-power-smoothie).
- **Orange**: peach, carrot and a pinch of ginger.

Want them ready-made? The [smoothies menu](/menus/smoothies/) has eight to choose from.`,
  },
  {
    slug: 'protein-needs-by-age',
    title: 'Protein needs by age, without counting grams',
    excerpt: 'Children need less protein than adverts suggest. A simple guide to portions by age.',
    category: 'nutrition',
    author: MAYA,
    tags: ['protein', 'portions'],
    products: ['turkey-meatballs-marinara', 'veggie-fried-rice-tofu'],
    daysAgo: 28,
    emoji: ['egg', 'poultry-leg', 'beans'],
    heroAlt: 'An egg, a chicken leg and beans on a green background',
    body: `Protein builds muscle, skin and the immune system, yet most children in the US already eat more than they need.

## Rough daily needs

| Age | Protein per day |
| --- | --- |
| 1 to 3 years | about 13 g |
| 4 to 8 years | about 19 g |

One egg has about 6 g; a small bowl of lentils about 9 g.

## Think in palm-sized portions

A toddler's portion of meat, fish, tofu or beans is about the size of their own palm. Two such portions a day, plus dairy, usually covers it.

## Plant protein counts too

Tofu, beans, lentils and whole grains all contribute. Our [Veggie Fried Rice with Tofu](/menus?product=veggie-fried-rice-tofu) and [Turkey Meatballs Marinara](/menus?product=turkey-meatballs-marinara) each cover about half a toddler's daily need.`,
  },
  {
    slug: 'self-feeding-mess-is-learning',
    title: 'Self-feeding: why the mess is part of learning',
    excerpt: 'Squishing, dropping and smearing food builds the skills your toddler needs to eat well.',
    category: 'feeding-milestones',
    author: PRIYA,
    tags: ['self-feeding', 'toddlers', 'motor skills'],
    products: ['spinach-ricotta-mini-muffins'],
    daysAgo: 31,
    emoji: ['cupcake', 'spoon', 'leafy-green'],
    heroAlt: 'A muffin, a spoon and leafy greens on a lilac background',
    body: `It is hard to watch a carefully cooked dinner end up in your toddler's hair. But every squish teaches something about texture, temperature and weight.

## What your child is practising

- Hand-eye coordination and grip
- Judging how much fits in the mouth
- Listening to their own hunger and fullness

## Make it easier on yourself

Put a washable mat under the chair, serve small portions and refill rather than piling the plate high. Offer foods that hold together, such as [Spinach Ricotta Mini Muffins](/menus?product=spinach-ricotta-mini-muffins).

## When to step in

Help if your child is getting frustrated, not because the table is messy. Sit together and eat the same food: children copy what they see.`,
  },
  {
    slug: 'kitchen-tour-how-a-box-is-made',
    title: 'Inside our kitchen: how a box is made',
    excerpt: 'From the farmers we buy from to the chilled box at your door, a look behind the scenes.',
    category: 'news',
    author: TEAM,
    tags: ['behind the scenes', 'kitchen', 'sourcing'],
    products: [],
    daysAgo: 34,
    emoji: ['pot-of-food', 'package', 'seedling'],
    heroAlt: 'A cooking pot, a parcel and a seedling on a yellow background',
    body: `Every box starts four days before it reaches you, at the cutoff. That is when we know exactly how many of each dish to cook.

## Monday: sourcing

Organic vegetables arrive from farms we work with directly. Anything that does not meet our standard goes back the same morning.

## Tuesday: cooking

Our chefs cook in small batches. Purees are steamed and blended, bowls are assembled by hand, and every batch is tasted by a person before it is sealed.

## Wednesday: packing

Dishes are packed into recyclable trays, chilled, and placed in insulated boxes with ice packs made from water and plant-based gel.

## Thursday: delivery

Boxes leave in refrigerated vans and reach your door the next day. You can follow your next box in your [account](/account).

Read more about our [packaging](/packaging) and [what we stand for](/what-we-stand-for).`,
  },
  {
    slug: 'hidden-veggie-pasta-sauce',
    title: 'A hidden-veggie pasta sauce in one pot',
    excerpt: 'Six vegetables, one pot and a sauce that freezes well: our most requested recipe.',
    category: 'recipes',
    author: TOMAS,
    tags: ['pasta', 'vegetables', 'batch cooking'],
    products: ['hidden-veggie-bolognese-bowl', 'butternut-mac-and-cheese'],
    daysAgo: 37,
    emoji: ['spaghetti', 'tomato', 'carrot'],
    heroAlt: 'Spaghetti with tomatoes and carrots on an orange background',
    body: `This is the sauce that convinced our own children that vegetables are fine, as long as they cannot see them.

## Ingredients

- 1 onion, 2 carrots, 1 courgette, 1 red pepper
- a handful of mushrooms and a handful of spinach
- 2 tins of chopped tomatoes
- a little olive oil and a bay leaf

## Method

1. Chop everything roughly and soften in the oil for ten minutes.
2. Add the tomatoes and bay leaf, and simmer for twenty minutes.
3. Remove the bay leaf and blend until completely smooth.

The secret ingredient is patience: a long, gentle simmer takes away any bitterness. Portion into jars and freeze for up to three months.

For nights off, our [Hidden-Veggie Bolognese Bowl](/menus?product=hidden-veggie-bolognese-bowl) and [Butternut Mac and Cheese](/menus?product=butternut-mac-and-cheese) follow the same idea.`,
  },
  {
    slug: 'sugar-in-toddler-snacks',
    title: 'How much sugar is in toddler snacks?',
    excerpt: 'Reading labels for added sugar, and why fruit-based sweetness is different.',
    category: 'nutrition',
    author: MAYA,
    tags: ['sugar', 'snacks', 'labels'],
    products: ['spinach-kale-veggie-puffs', 'blueberry-yogurt-bites'],
    daysAgo: 40,
    emoji: ['cookie', 'strawberry', 'popcorn'],
    heroAlt: 'A cookie, a strawberry and popcorn on a green background',
    body: `Guidelines recommend no added sugar at all before the age of two, and very little after. Yet many snacks marketed to toddlers are sweetened.

## Added versus natural sugar

Sugar in whole fruit comes with fibre and water, which slow it down. Added sugar, including syrups and fruit concentrates, does not.

## How to read a label

Look for the line "Includes Xg Added Sugars". Ingredients are listed by weight, so sugar near the top of the list means a lot of it. Watch for other names: cane juice, rice syrup, dextrose.

## Better snack habits

- Offer snacks at set times rather than all day.
- Pair fruit with protein or fat, such as yogurt or cheese.
- Choose savoury snacks like [Spinach Kale Veggie Puffs](/menus?product=spinach-kale-veggie-puffs).

Our [Blueberry Yogurt Bites](/menus?product=blueberry-yogurt-bites) are sweetened only with fruit.`,
  },
  {
    slug: 'the-one-year-transition',
    title: 'The one-year transition: from baby food to family food',
    excerpt: 'At twelve months your baby can eat most of what you eat, with a few adjustments.',
    category: 'feeding-milestones',
    author: PRIYA,
    tags: ['one year', 'family meals', 'cow milk'],
    products: ['mild-chicken-tikka-masala', 'butternut-mac-and-cheese'],
    daysAgo: 43,
    emoji: ['bowl-with-spoon', 'carrot', 'cheese-wedge'],
    heroAlt: 'A bowl with a spoon, a carrot and cheese on a lilac background',
    body: `Around the first birthday, most babies are ready to share family meals. The goal is three meals and two snacks a day, with milk becoming a drink rather than the main course.

## Adjusting family food

- Keep salt low: season adult portions at the table.
- Cut food into pieces the size of a pea or a finger.
- Mild spices are welcome. Children in many cultures eat curry from their first year.

## Whole cow's milk

From twelve months, whole cow's milk can replace formula as a drink, about 350 to 500 ml a day in an open cup.

## Dishes that bridge the gap

Our [Mild Chicken Tikka Masala](/menus?product=mild-chicken-tikka-masala) and [Butternut Mac and Cheese](/menus?product=butternut-mac-and-cheese) are seasoned for small children and easy to share with the rest of the table. The [toddler meals menu](/menus/toddler-meals/) has more.`,
  },
  {
    slug: 'gift-a-box-to-new-parents',
    title: 'Give new parents the gift of a cooked dinner',
    excerpt: 'Gift cards now come in any amount, delivered by email on the day you choose.',
    category: 'news',
    author: TEAM,
    tags: ['gift cards', 'new parents'],
    products: [],
    daysAgo: 46,
    emoji: ['party-popper', 'package', 'yellow-heart'],
    heroAlt: 'A party popper, a parcel and a heart on a yellow background',
    body: `The first months with a baby leave little time for cooking. A Sprout & Spoon gift card means one less thing for new parents to think about.

## How it works

Choose an amount, write a message and pick the day it should arrive. The card is sent by email and can be used on any plan or added to an existing subscription.

## Good to know

- Cards never expire.
- Parents can pick purees for the baby and family bowls for themselves.
- There is no subscription commitment: they can use the card for a single box.

Find out more on our [gift cards](/gift-cards) page.`,
  },
  {
    slug: 'overnight-oats-three-ways',
    title: 'Overnight oats three ways for toddlers',
    excerpt: 'No-cook breakfasts you prepare in the evening: peach, apple pie and chocolate banana.',
    category: 'recipes',
    author: TOMAS,
    tags: ['breakfast', 'oats', 'no-cook'],
    products: ['peach-oat-chia-puree', 'cocoa-avocado-banana-smoothie'],
    daysAgo: 49,
    emoji: ['sheaf-of-rice', 'peach', 'banana'],
    heroAlt: 'Oats, a peach and a banana on an orange background',
    body: `Overnight oats soften in the fridge, so even a child with few teeth can eat them. Each recipe makes two toddler portions.

## The base

Mix 40 g of rolled oats with 120 ml of milk and two tablespoons of yogurt. Cover and leave in the fridge overnight.

## Peach and chia

Stir in half a grated peach and a teaspoon of chia seeds. Babies can try the same flavours in our [Peach Oat Chia Puree](/menus?product=peach-oat-chia-puree).

## Apple pie

Add grated apple and a pinch of cinnamon. Warm it for thirty seconds if your child prefers.

## Chocolate banana

Mash in half a banana and a teaspoon of unsweetened cocoa. For a version to drink, try our [Cocoa Avocado Banana Smoothie](/menus?product=cocoa-avocado-banana-smoothie).

For egg-free baking on the side, whisked aquafaba, the liquid from a tin of chickpeas, replaces an egg white in pancakes and muffins.`,
  },
  {
    slug: 'omega-3-and-growing-brains',
    title: 'Omega-3 and growing brains',
    excerpt: 'DHA supports brain and eye development. Where to find it if your child will not eat fish.',
    category: 'nutrition',
    author: MAYA,
    tags: ['omega-3', 'DHA', 'fish'],
    products: ['salmon-teriyaki-rice-bowl', 'blueberry-chia-power-smoothie'],
    daysAgo: 52,
    emoji: ['fish', 'brain', 'seedling'],
    heroAlt: 'A fish, a brain and a seedling on a green background',
    body: `DHA, an omega-3 fat, is a building block of the brain and the retina. The brain grows fastest in the first three years, so that is when supply matters most.

## Best sources

Oily fish such as salmon, sardines and trout are the richest sources. Two small portions a week is a good target. Our [Salmon Teriyaki Rice Bowl](/menus?product=salmon-teriyaki-rice-bowl) counts as one.

## If fish is a no

- Eggs from hens fed omega-3 enriched feed
- Chia seeds, flax and walnuts (ground for young children), which provide ALA, a precursor the body partly converts
- An algae-based supplement, after talking to your paediatrician

## A note on mercury

Choose low-mercury fish and avoid shark, swordfish and king mackerel for young children.

Chia-rich options like the [Blueberry Chia Power Smoothie](/menus?product=blueberry-chia-power-smoothie) help on fish-free days.`,
  },
  {
    slug: 'introducing-allergens-safely',
    title: 'Introducing common allergens safely',
    excerpt: 'Early, regular exposure to peanut and egg lowers allergy risk. A step-by-step approach.',
    category: 'feeding-milestones',
    author: PRIYA,
    tags: ['allergens', 'peanut', 'egg'],
    products: [],
    daysAgo: 55,
    emoji: ['egg', 'glass-of-milk', 'fish'],
    heroAlt: 'An egg, a glass of milk and a fish on a lilac background',
    body: `Advice has changed: introducing peanut and egg early, from around six months, reduces the chance of an allergy developing.

## Before you start

If your baby has severe eczema or a known food allergy, talk to your paediatrician first. They may suggest testing or a supervised first taste.

## One at a time

Introduce one new allergen every few days, in the morning, so you can watch for a reaction during the day. Start with a small amount, such as a quarter teaspoon of smooth peanut butter thinned in puree.

## Keep it in the diet

Once tolerated, offer the food two or three times a week. Regular exposure is what keeps tolerance going.

## Signs to watch for

Hives, swelling of the lips or face, vomiting or breathing difficulty need immediate medical help.

Every dish on our menus lists its allergens, and you can filter the [menus](/menus) by allergen-free tags.`,
  },
  {
    slug: 'meet-our-new-dietitian',
    title: 'Meet Maya, our new lead dietitian',
    excerpt: 'Maya Okafor joins the kitchen team to review every recipe and answer your questions.',
    category: 'news',
    author: TEAM,
    tags: ['team', 'dietitian'],
    products: [],
    daysAgo: 58,
    emoji: ['clipboard', 'green-salad', 'star'],
    heroAlt: 'A clipboard, a salad and a star on a yellow background',
    body: `We are delighted to welcome Maya Okafor, a registered dietitian with twelve years of experience in paediatric nutrition.

## What Maya does

Maya reviews every new recipe before it reaches the menu, checks the nutrition panels and writes many of the articles in our [nutrition section](/blog/category/nutrition/).

## In her own words

"Parents get a lot of conflicting advice. I want our menus and this blog to be a calm, reliable place to check what matters and what does not."

## Ask Maya

Have a question about your child's diet? Send it through our [contact page](/contact-us) and Maya will answer a selection here each month.`,
  },
  {
    slug: 'build-a-bowl-taco-night',
    title: 'Build-a-bowl taco night',
    excerpt: 'Let everyone assemble their own: a low-stress dinner that even selective eaters enjoy.',
    category: 'recipes',
    author: TOMAS,
    tags: ['tacos', 'family dinner', 'picky eaters'],
    products: ['mini-chicken-soft-tacos', 'black-bean-burrito-bowl'],
    daysAgo: 61,
    emoji: ['taco', 'avocado', 'ear-of-corn'],
    heroAlt: 'A taco, an avocado and corn on an orange background',
    body: `Children eat more when they choose. Taco night puts every ingredient in its own bowl and lets each person build their plate.

## Set out

- warm soft tortillas or a bowl of rice
- black beans and sweetcorn
- shredded chicken or crumbled tofu
- diced avocado, grated cheese and mild salsa

## The one rule

Everyone takes at least one thing they have not tried before. It can be tiny.

## Shortcuts

On busy nights, our [Mini Chicken Soft Tacos](/menus?product=mini-chicken-soft-tacos) cover the toddlers, and the [Black Bean Burrito Bowl](/menus?product=black-bean-burrito-bowl) serves the grown-ups.`,
  },
  {
    slug: 'hydration-for-active-kids',
    title: 'Hydration for active kids',
    excerpt: 'How much should children drink, and what counts? Water, milk and water-rich food.',
    category: 'nutrition',
    author: MAYA,
    tags: ['water', 'hydration', 'summer'],
    products: ['tropical-sunrise-smoothie'],
    daysAgo: 64,
    emoji: ['droplet', 'cup-with-straw', 'cucumber'],
    heroAlt: 'A water droplet, a cup with a straw and a cucumber on a green background',
    body: `Toddlers need about four cups of fluid a day, more when it is hot or they are very active. Thirst is a late signal in small children, so offer drinks regularly.

## What counts

- Water, the best everyday drink
- Milk, which also brings protein and calcium
- Water-rich food: cucumber, melon, oranges and soups

## What to limit

Juice, even 100% juice, is best kept to a small glass a day. Sweetened drinks and sodas are not recommended for young children.

## Tips

Give your child their own cup to carry, add slices of fruit to water, and make a smoothie part of the afternoon snack, like our [Tropical Sunrise Smoothie](/menus?product=tropical-sunrise-smoothie).`,
  },
  {
    slug: 'toddler-appetite-ups-and-downs',
    title: 'Toddler appetite: the ups and downs are normal',
    excerpt:
      'Growth slows after the first year, and so does appetite. What to do when your child seems to eat nothing.',
    category: 'feeding-milestones',
    author: PRIYA,
    tags: ['appetite', 'toddlers', 'picky eaters'],
    products: ['snack-explorer-sampler'],
    daysAgo: 67,
    emoji: ['teddy-bear', 'bowl-with-spoon', 'red-apple'],
    heroAlt: 'A teddy bear, a bowl with a spoon and an apple on a lilac background',
    body: `Babies triple their birth weight in the first year. Toddlers grow much more slowly, and their appetite follows. A child who ate everything at ten months may pick at food at eighteen.

## Look at the week, not the meal

Small children balance their intake over several days. One day of almost nothing is often followed by a very hungry one.

## Division of responsibility

You decide what, when and where food is offered. Your child decides whether to eat and how much. Pressure, even praise for finishing, tends to backfire.

## Keep offering variety

It can take ten or more tries before a new food is accepted. A [Snack Explorer Sampler](/menus?product=snack-explorer-sampler) is a low-risk way to put new tastes on the table.

Talk to your paediatrician if your child is losing weight, seems unwell or eats fewer than twenty different foods.`,
  },
  {
    slug: 'recyclable-packaging-update',
    title: 'Our packaging is now fully recyclable',
    excerpt: 'Trays, sleeves and insulation can all go in curbside recycling. Here is what goes where.',
    category: 'news',
    author: TEAM,
    tags: ['packaging', 'sustainability'],
    products: [],
    daysAgo: 70,
    emoji: ['recycling-symbol', 'package', 'deciduous-tree'],
    heroAlt: 'A recycling symbol, a parcel and a tree on a yellow background',
    body: `Since this month, every part of a Sprout & Spoon box can be recycled at home.

## What goes where

- **Meal trays**: rinse and place in plastics recycling (type 5).
- **Cardboard sleeves and the box**: paper recycling, flattened.
- **Insulation liners**: made from recycled paper, they go with cardboard.
- **Ice packs**: cut open, pour the gel-free water down the sink, recycle the film where soft plastics are collected.

## Why it took time

Insulation had to keep food below 5 °C for 36 hours in summer. The new paper liners pass that test.

Full details are on our [packaging page](/packaging).`,
  },
  {
    slug: 'veggie-muffins-for-the-week',
    title: 'Savoury veggie muffins for the week',
    excerpt: 'Batch-bake twelve muffins packed with spinach and cheese for breakfasts and snacks.',
    category: 'recipes',
    author: TOMAS,
    tags: ['baking', 'vegetables', 'snacks'],
    products: ['spinach-ricotta-mini-muffins', 'cheddar-whole-grain-crackers'],
    daysAgo: 73,
    emoji: ['cupcake', 'leafy-green', 'cheese-wedge'],
    heroAlt: 'A muffin, leafy greens and cheese on an orange background',
    body: `Savoury muffins are a vegetable delivery system that fits in a pocket. They keep for three days in the fridge and three months in the freezer.

## Ingredients for twelve

- 200 g whole-wheat flour, 2 teaspoons baking powder
- 2 eggs, 150 ml milk, 60 ml olive oil
- a big handful of chopped spinach
- 80 g grated cheddar and one grated courgette

## Method

1. Heat the oven to 180 °C (350 °F) and line a muffin tin.
2. Mix the dry ingredients, then the wet, then fold them together with the vegetables and cheese.
3. Bake for 20 to 22 minutes, until springy.

Too busy to bake? Our [Spinach Ricotta Mini Muffins](/menus?product=spinach-ricotta-mini-muffins) come ready, and [Cheddar Whole Grain Crackers](/menus?product=cheddar-whole-grain-crackers) make a good side.`,
  },
  {
    slug: 'vitamin-d-in-winter',
    title: 'Vitamin D in winter: does your child need a supplement?',
    excerpt: 'Short days mean less vitamin D from sunlight. Food sources and when to supplement.',
    category: 'nutrition',
    author: MAYA,
    tags: ['vitamin D', 'winter', 'supplements'],
    products: ['very-berry-kefir-smoothie'],
    daysAgo: 76,
    emoji: ['sun', 'snowflake', 'glass-of-milk'],
    heroAlt: 'The sun, a snowflake and a glass of milk on a green background',
    body: `Vitamin D helps the body absorb calcium for strong bones. Skin makes it in sunlight, but in winter, at northern latitudes, there is not enough sun to make much.

## Food sources

Few foods contain much vitamin D: oily fish, egg yolks and fortified milk, yogurt and cereals. Our [Very Berry Kefir Smoothie](/menus?product=very-berry-kefir-smoothie) uses fortified kefir.

## Supplements

The American Academy of Pediatrics recommends 400 IU a day for breastfed babies from the first days of life, and for children who drink less than about a litre of fortified milk daily. Ask your paediatrician what suits your child.

## Sunshine, safely

In summer, short periods outdoors with arms and legs uncovered help, while avoiding sunburn.`,
  },
];
