import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { UserRound } from 'lucide-react';
import { Button, EmptyState, PageSpinner } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useProfile } from '../api/get-profile';
import { BuyerProfile } from '../components/buyer-profile';
import { ProfileHeader } from '../components/profile-header';
import { ReviewsSection } from '../components/reviews-section';
import { SupplierProfile } from '../components/supplier-profile';
import { profileIdFromState, profileLayoutFor } from '../profile-view';

export const PROFILE_LOAD_ERROR = 'Failed to load profile data. Please try again.';

/**
 * Profile view: /buyer/profile and /supplier/profile (docs/product.md section 2 "Profile view").
 * The profile is the one whose id came in navigation state, else the current user's; the
 * layout follows the viewer's stored role: a buyer sees the supplier-profile layout and a
 * supplier the buyer-profile layout (docs/product.md section 6).
 */
export function ProfileScreen() {
  const session = useSession();
  const location = useLocation();
  const userId = profileIdFromState(location.state);
  const profile = useProfile(userId);
  const viewerRole = session?.role === 'supplier' ? 'supplier' : 'buyer';
  const layout = profileLayoutFor(session?.role);

  useEffect(() => {
    if (!profile.isError) return;
    const err = profile.error;
    if (isApiError(err) && (err.status === 401 || err.status === 403)) return; // the session already ended
    // docs/product.md section 8: an error toast; the screen shows 'No profile data available'.
    notify.error(PROFILE_LOAD_ERROR, { id: 'profile-load-error' });
  }, [profile.isError, profile.error]);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError || !profile.data) {
    return (
      <EmptyState
        icon={UserRound}
        title="No profile data available"
        description="The profile could not be loaded. It may be private, or the connection dropped."
        action={
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const p = profile.data;
  return (
    <>
      <ProfileHeader p={p} viewerRole={viewerRole} />
      {layout === 'supplier' ? <SupplierProfile p={p} /> : <BuyerProfile p={p} />}
      <ReviewsSection p={p} />
    </>
  );
}
