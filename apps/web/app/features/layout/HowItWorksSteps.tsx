const steps = [
  {
    title: 'Pick your box',
    text: '12, 24 or 36 items per delivery. Bigger boxes cost less per item and ship free.',
  },
  {
    title: 'Fill it with favourites',
    text: 'Choose from purees, finger foods, toddler meals, smoothies and snacks. Filter by allergens and nutrition.',
  },
  {
    title: 'We cook and deliver',
    text: 'Chefs cook in small batches, we freeze at peak freshness and deliver on your day. Skip or pause anytime.',
  },
];

export function HowItWorksSteps() {
  return (
    <ol className="how-steps">
      {steps.map((step, index) => (
        <li key={step.title} className="how-steps__item">
          <span className="how-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
