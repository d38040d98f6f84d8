import { SignInUnavailablePage } from '../../../components/ui/SignInUnavailablePage.tsx';

export default function ProfilePage() {
  return <SignInUnavailablePage title="Your Profile" purpose="Your name, display name and account details." />;
}
