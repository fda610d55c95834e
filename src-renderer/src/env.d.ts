// Types for what Vite adds to modules (CSS imports, import.meta.env).
/// <reference types="vite/client" />
