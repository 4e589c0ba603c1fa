import { Anchor, Container, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LeadService } from '../../../../domain/schemas/leads';
import { servicePages } from '../content/service-pages';
import { useDocumentTitle } from '../hooks/use-document-title';
import { DecorativeImage } from './decorative-image';
import { LeadForm } from './lead-form';
import classes from './marketing.module.css';

/** A service, partner or support page: what it is, and a short register-interest form. */
export function ServicePage({ service }: { service: LeadService }) {
  const page = servicePages[service];
  useDocumentTitle(`${page.title} — Arrive`);
  return (
    <Container size="lg" className={classes.section}>
      <div className={classes.split}>
        <div>
          <Title order={1}>{page.title}</Title>
          <Text size="lg" mt="sm">
            {page.summary}
          </Text>
          <List mt="md" spacing="xs">
            {page.points.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
          {page.related && (
            <Text mt="md">
              <Anchor component={Link} to={page.related.to} fw={600} className={classes.tapLink}>
                {page.related.label}
              </Anchor>
            </Text>
          )}
          <DecorativeImage
            className={classes.pageImage}
            src={page.image}
            width={480}
            height={270}
            style={{ marginTop: 'var(--mantine-spacing-lg)' }}
          />
        </div>
        <div className={classes.formPanel}>
          <LeadForm
            key={service}
            service={service}
            title={page.formTitle}
            intro={page.formIntro}
            submitLabel={page.submitLabel}
            thanks={page.thanks}
          />
        </div>
      </div>
    </Container>
  );
}
