/**
 * The HTML template of every page (the site's `ssrTemplate`): Docusaurus
 * 3.10.2's own (`@docusaurus/core/lib/ssg/ssgTemplate.html.js`), except how
 * the page's scripts start.
 *
 * The core writes `<script src defer>` for the runtime and the main script.
 * A deferred script that is ready when the parser finishes runs in the same
 * task as the document's first style and layout (forced when parsing ends),
 * before anything is painted: one long task, the page's longest, made of the
 * whole first layout and the app's start. Here the server HTML is painted
 * first. The scripts are fetched from the start (`<link rel="preload">`, so
 * nothing waits for them on the network), at the low priority Chromium gives
 * deferred scripts, so the stylesheet and images still come first (at the
 * preload's default high priority they delayed the first contentful paint).
 * They are executed, in
 * order, from a task after the first frame that follows DOMContentLoaded
 * (`SCRIPT_STARTER`). The same scripts run in the same order; only the task
 * they run in changes. In a background tab, which paints no frame, a timer
 * starts them.
 *
 * After upgrading Docusaurus, diff the core's template against this one.
 */

/** How long after DOMContentLoaded the scripts start at the latest when no frame is painted (a hidden tab), ms. */
export const START_WITHOUT_FRAME_MS = 250;

/**
 * The inline script that starts the page's scripts: a function of their URLs,
 * plain ES5 text (it runs before any bundle, in every browser the site
 * supports), applied to them by the template.
 */
export const SCRIPT_STARTER = `function (urls) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < urls.length; i++) {
      var script = document.createElement('script');
      script.src = urls[i];
      script.async = false;
      document.head.appendChild(script);
    }
  }
  function afterFirstFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, ${START_WITHOUT_FRAME_MS});
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstFrame);
  else afterFirstFrame();
}`;

export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
    <script>(${SCRIPT_STARTER})(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)).replace(/</g, '\\\\u003c') %>);</script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
