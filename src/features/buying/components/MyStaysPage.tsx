import { SignInUnavailablePage } from '../../../components/ui/SignInUnavailablePage.tsx';

export default function MyStaysPage() {
  return <SignInUnavailablePage title="My Stays" purpose="The stays you have bought on Restay." />;
}
