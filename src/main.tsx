import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { initI18n } from './i18n'
import { parseBootParams } from './boot'
import { applyTheme, initialTheme } from './ui/theme'
import { useStore } from './state/store'

const root = document.getElementById('root')
if (!root) throw new Error('#root element missing from index.html')

initI18n()
const theme = initialTheme(parseBootParams(location.search).theme)
applyTheme(theme, false)
useStore.setState({ theme })

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
