// Express: a help-centre serves knowledge-base articles as authored in the WYSIWYG editor and runs
// them through minify-html (markup, inline CSS and JS) on the way out.
const express = require('express');
const minifyHtml = require('@minify-html/node');

function authoredArticle(sections) {
  let html = '<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Configuring single sign-on</title>\n' +
    '    <style type="text/css">\n      .kb-section  { margin: 0px 0px 24px 0px; padding: 0px; }\n      .kb-note { border-left: 4px solid #3366ff; background-color: #ffffff; }\n    </style>\n  </head>\n  <body>\n';
  for (let i = 0; i < sections; i++) {
    html += `    <div class="kb-section" id="section-${i}">\n      <h2 class="kb-heading">  Step ${i + 1}: configure the identity provider  </h2>\n` +
      `      <p class="kb-text">   Open the <strong>Admin console</strong>, choose <em>Security</em> and then <a href="/kb/sso#step-${i}" title="Step ${i}">single sign-on</a>.   </p>\n` +
      `      <!-- editor: revision ${i} -->\n      <ul class="kb-list">\n        <li> Entity ID: <code>urn:example:${i}</code> </li>\n        <li> ACS URL: <code>https://example.com/sso/${i}/acs</code> </li>\n      </ul>\n` +
      `      <div class="kb-note" style="margin-top: 8px;  padding: 4px 8px;"> <p> Changes apply to new sessions only. </p> </div>\n` +
      `      <script type="text/javascript">\n        document.getElementById("section-${i}").addEventListener("click", function (event) { window.kbTrack && window.kbTrack("section", ${i}); });\n      </script>\n    </div>\n`;
  }
  return html + '  </body>\n</html>\n';
}
const articles = new Map([['sso-setup', Buffer.from(authoredArticle(4000))]]);

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const html = minifyHtml.minify(articles.get('sso-setup'), { minify_css: true, minify_js: true, keep_closing_tags: true });
  res.type('html').send(html);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
