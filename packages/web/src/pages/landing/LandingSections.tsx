import { brandName, faqItems, landingClaims, testimonials } from '@portal/core';
import { Accordion } from '../../ui/Disclosure.tsx';

/** Presentation copy of the features grid (the claims themselves come from core). */
const features = [
  {
    title: 'Applications intégrées',
    text: 'Avis clients, ventes croisées, compte à rebours, bannières : tout est déjà dans le thème.',
  },
  {
    title: 'Pensé pour le mobile',
    text: 'Des pages rapides et lisibles sur téléphone, là où se font la plupart des achats.',
  },
  {
    title: 'Sans code',
    text: 'Chaque section se règle depuis l’éditeur de votre boutique, en quelques clics.',
  },
  {
    title: 'Mises à jour incluses',
    text: 'Le thème évolue avec votre plateforme, sans surcoût et sans casse.',
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title">
      <h2 id="features-title">{landingClaims.features} dans un seul thème</h2>
      <p className="landing-section__lead landing-savings">{landingClaims.savings}</p>
      <ul className="landing-features">
        {features.map((feature) => (
          <li key={feature.title} className="landing-feature">
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      className="landing-section landing-section--alt"
      aria-labelledby="testimonials-title"
    >
      <h2 id="testimonials-title">Ils ont choisi notre thème</h2>
      <ul className="landing-testimonials">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name} className="landing-testimonial">
            <figure>
              <p
                className="landing-testimonial__rating"
                aria-label={`Note : ${testimonial.rating} sur 5`}
              >
                {'★'.repeat(testimonial.rating)}
                {'☆'.repeat(5 - testimonial.rating)}
              </p>
              <blockquote>
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption>
                <span className="landing-testimonial__avatar" aria-hidden="true">
                  {testimonial.avatar}
                </span>
                <span>
                  <strong>{testimonial.name}</strong>
                  <br />
                  {testimonial.title}, {testimonial.company}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FaqSection() {
  return (
    <section id="faq" className="landing-section" aria-labelledby="faq-title">
      <h2 id="faq-title">Questions fréquentes</h2>
      <div className="landing-faq">
        <Accordion
          items={faqItems.map((item, index) => ({
            id: `faq-${index}`,
            title: item.question,
            content: item.answer,
          }))}
        />
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <p className="landing-brand">{brandName}</p>
        <nav aria-label="Pied de page">
          <ul>
            <li>
              <a href="#features">Fonctionnalités</a>
            </li>
            <li>
              <a href="#pricing">Tarifs</a>
            </li>
            <li>
              <a href="/terms" target="_blank" rel="noopener">
                Conditions d’utilisation
              </a>
            </li>
            <li>
              <a href="/privacy" target="_blank" rel="noopener">
                Confidentialité
              </a>
            </li>
          </ul>
        </nav>
        <p className="landing-footer__legal">© 2026 {brandName}. Tous droits réservés.</p>
      </div>
    </footer>
  );
}
