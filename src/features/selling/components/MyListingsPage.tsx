import { SignInUnavailablePage } from '../../../components/ui/SignInUnavailablePage.tsx';

export default function MyListingsPage() {
  return <SignInUnavailablePage title="My Listings" purpose="The stays you have listed for resale, and whether they have sold." />;
}
