import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import driverSvg from '../../../../../public/images/service-driver.svg?raw';
import { dailyEarnings, driverBenefits, driverFaq, driverRequirements, driverSteps } from '../content/driver-info';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';

import classes from './marketing.module.css';
import { PageHero } from './page-hero';

/** /driver/info: how it works, benefits, requirements, FAQ and sign-up buttons. */
export function DriverInfoPage() {
  useDocumentTitle(staticPageMeta['/driver/info'].title);
  return (
    <>
      <PageHero
        title="Drive with Arrive"
        lead={`Earn ${dailyEarnings} a day on the hours you choose, paid every week by Tuesday.`}
        art={{ svg: driverSvg, label: 'An Arrive driver at the wheel' }}
      >
        <Button component={Link} to="/driver/signup" size="lg">
          Sign up to drive
        </Button>
      </PageHero>

      <Container size="lg" className={classes.section}>
        <Title order={2} mb="md">
          How it works
        </Title>
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
      </Container>

      <Container size="lg" className={classes.section}>
        <Title order={2} mb="md">
          Why drive with Arrive
        </Title>
        <ul className={classes.cards} data-columns="3">
          {driverBenefits.map((b) => (
            <li key={b.title} className={classes.card}>
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </Container>

      <Container size="lg" className={classes.section}>
        <Title order={2} mb="md">
          Requirements
        </Title>
        <ul className={classes.checklist}>
          {driverRequirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Container>

      <Container size="lg" className={classes.section}>
        <Title order={2} mb="md">
          Frequently asked questions
        </Title>
        <div className={classes.faq}>
          {driverFaq.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </Container>

      <Container size="lg" className={classes.section}>
        <div className={classes.highlight}>
          <h2>Ready to start earning?</h2>
          <Text>Sign up in two minutes; we call you about the next onboarding session.</Text>
          <Group>
            <Button component={Link} to="/driver/signup" variant="white" size="lg">
              Sign up now
            </Button>
          </Group>
        </div>
      </Container>
    </>
  );
}
