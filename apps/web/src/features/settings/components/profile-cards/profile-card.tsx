import type { ReactNode } from 'react';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';

/** One card of the profile settings form: its title, what it is for, and its fields. */
export function ProfileCard({
  title,
  description,
  bodyClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardBody className={bodyClassName}>{children}</CardBody>
    </Card>
  );
}
