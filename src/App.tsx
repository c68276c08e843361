import { AppShell } from './ui/layout/AppShell'

export function App() {
  return <AppShell />
}
