import { ExternalLink } from 'lucide-react';
import { Alert, Badge, Button, ButtonLink, PageHeader, PageSpinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useProfileSettings } from '../api/get-profile-settings';
import { PortfolioSection } from '../components/portfolio-section';
import { ProfileForm } from '../components/profile-form';
import { ProjectsSection } from '../components/projects-section';

/** Settings › Profile: the company profile the other side sees (docs/product.md sections 2 and 3). */
export function ProfileSettingsScreen() {
  const session = useSession();
  const query = useProfileSettings();
  const pending = session && session.role !== 'admin' && !session.approved;
  const role = session?.role === 'supplier' ? 'supplier' : 'buyer';

  return (
    <>
      <PageHeader
        title="Profile"
        description={`Your company details, categories, certifications and delivery areas — what ${role === 'buyer' ? 'suppliers' : 'buyers'} see when you are matched.`}
        actions={
          query.data && !pending ? (
            <>
              {query.data.visibility === 'private' && <Badge tone="warning">Private profile</Badge>}
              <ButtonLink variant="secondary" size="sm" to={`/${role}/profile`}>
                <ExternalLink className="size-4" aria-hidden="true" />
                View my profile
              </ButtonLink>
            </>
          ) : undefined
        }
      />
      {pending && (
        <Alert tone="warning" live className="mb-6" title="Your account is under review (up to 48 hours)">
          Thanks for joining Brickyard. Our team checks every new account before it can use the marketplace. Complete
          your profile here in the meantime, and choose your plan under Settings › Billing; we will let you know as soon
          as you are approved.
        </Alert>
      )}
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Alert tone="danger" live title="We could not load your profile">
          <p>{errorMessage(query.error)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="space-y-6">
          <ProfileForm key={query.data.id} profile={query.data} />
          {query.data.userRole === 'buyer' ? (
            <ProjectsSection current={query.data.currentProjects} past={query.data.pastProjects} />
          ) : (
            <PortfolioSection items={query.data.portfolioItems} />
          )}
        </div>
      )}
    </>
  );
}
