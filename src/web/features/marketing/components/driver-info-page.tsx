import { Container } from '@mantine/core';
import driverSvg from '../../../../../public/images/service-driver.svg?raw';
import { dailyEarnings, driverBenefits, driverFaq, driverRequirements, driverSteps } from '../content/driver-info';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';

import classes from './marketing.module.css';
import { PageHero } from './page-hero';
import { CallToAction, PageSection, ReasonCards } from './page-sections';

/** /driver/info: how it works, benefits, requirements, FAQ and sign-up buttons. */
export function DriverInfoPage() {
  useDocumentTitle(staticPageMeta['/driver/info'].title);
  return (
    <>
      <PageHero
        title="Drive with Arrive"
        lead={`Earn ${dailyEarnings} a day on the hours you choose, paid every week by Tuesday.`}
        art={{ svg: driverSvg, label: 'An Arrive driver at the wheel' }}
        cta={{ to: '/driver/signup', label: 'Sign up to drive' }}
      />

      <PageSection title="How it works">
        <ol className={classes.cards} data-columns="4">
          {driverSteps.map((step, i) => (
            <li key={step.title} className={classes.card}>
              <span className={classes.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3>
                <span className={classes.srOnly}>Step {i + 1}: </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection title="Why drive with Arrive">
        <ReasonCards items={driverBenefits} columns={3} />
      </PageSection>

      <PageSection title="Requirements">
        <ul className={classes.checklist}>
          {driverRequirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection title="Frequently asked questions">
        <div className={classes.faq}>
          {driverFaq.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </PageSection>

      <Container size="lg" className={classes.section}>
        <CallToAction
          heading="Ready to start earning?"
          text="Sign up in two minutes; we call you about the next onboarding session."
          to="/driver/signup"
          action="Sign up now"
        />
      </Container>
    </>
  );
}
