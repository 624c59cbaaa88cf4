/**
 * docusaurus-theme-openapi-docs ships its own `@theme/Tabs` and
 * `@theme/TabItem` with a private tabs context; our `@theme/Tabs` is the
 * classic one (see ../Tabs), so its items must be the classic theme's too.
 */
export {default} from '@theme-init/TabItem';
