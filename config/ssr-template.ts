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
 * order, once DOMContentLoaded has fired and the first frame is on screen
 * (`SCRIPT_STARTER`). The same scripts run in the same order; only the task
 * they run in changes.
 *
 * "On screen" is the first paint timing entry, which Chromium queues when the
 * frame is presented, not when the main thread has produced it: a produced
 * frame can wait a second or more for the display, and scripts started in
 * that wait put the app's start and the route's chunks before the first
 * thing the reader sees. Browsers without paint entries start the scripts a
 * task after the next animation frame. A hidden document (a background tab,
 * a prerender) presents no frame, so a short timer starts them there; a
 * longer one starts them in any case, for a visible document that is never
 * drawn (an iframe scrolled out of view).
 *
 * After upgrading Docusaurus, diff the core's template against this one.
 */

/** How long after DOMContentLoaded, or after the document is hidden, the scripts of a hidden document start, ms. */
export const START_WITHOUT_FRAME_MS = 250;

/** How long after DOMContentLoaded the scripts start at the latest, whether or not a frame was presented, ms. */
export const START_AT_THE_LATEST_MS = 3000;

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
  function startIfHidden() {
    if (document.visibilityState === 'hidden') setTimeout(start, ${START_WITHOUT_FRAME_MS});
  }
  function afterFirstFrame() {
    var entryTypes = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes;
    if (entryTypes && entryTypes.indexOf('paint') !== -1) {
      var observer = new PerformanceObserver(function () {
        observer.disconnect();
        start();
      });
      observer.observe({type: 'paint', buffered: true});
    } else {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    startIfHidden();
    document.addEventListener('visibilitychange', startIfHidden);
    setTimeout(start, ${START_AT_THE_LATEST_MS});
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
