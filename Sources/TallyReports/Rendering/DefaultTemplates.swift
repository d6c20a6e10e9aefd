/// The templates tally ships, built into the binary so that it finds them from any folder.
///
/// Each is a copy of the file of the same name in the repository's `Templates/` folder; a test
/// keeps the two equal.
public enum DefaultTemplates {
  /// `Templates/report.md.mustache`: the Markdown report.
  public static let reportMarkdown = """
    {{% CONTENT_TYPE: MARKDOWN}}
    # {{title}}

    Generated {{generated}} ({{zone}}).
    {{#chartFile}}

    ![{{chartTitle}}](<{{chartFile}}>)
    {{/chartFile}}

    {{#projects}}
    ## {{title}}{{#units}} ({{units}}){{/units}}

    {{#hasReadings}}
    {{period}} from {{from}} to {{to}}.

    | Period |{{#columns}} {{heading}} |{{/columns}}
    |:---|{{#columns}}---:|{{/columns}}
    {{#rows}}
    | {{period}} |{{#cells}} {{.}} |{{/cells}}
    {{/rows}}
    | **Total** |{{#total.cells}} {{.}} |{{/total.cells}}
    {{/hasReadings}}
    {{^hasReadings}}
    No {{period}} readings in this range.
    {{/hasReadings}}
    {{#goal}}

    {{goal}}
    {{/goal}}

    {{/projects}}
    {{^projects}}
    No readings in this range.
    {{/projects}}
    """

  /// `Templates/report.html.mustache`: the self-contained HTML page.
  public static let reportHTML = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8"/>
    <meta name="viewport" content="width=device-width, initial-scale=1"/>
    <meta name="color-scheme" content="light dark"/>
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/>
    <title>{{title}}</title>
    <style>
    body{font-family:"DejaVu Sans",Verdana,system-ui,sans-serif;margin:2rem auto;max-width:54rem;padding:0 1rem;line-height:1.45;color:#1f2328;background:#ffffff}
    h1{font-size:1.6rem;margin:0}
    h2{font-size:1.25rem;margin:2.2rem 0 .3rem;border-bottom:1px solid #d8dee4;padding-bottom:.2rem}
    .generated,.range,.units{color:#57606a}
    .range{margin:.2rem 0 .6rem}
    figure{margin:.5rem 0 1rem}
    figure svg{max-width:100%;height:auto}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.5rem 0}
    .table{overflow-x:auto}
    th,td{padding:.2rem .7rem;border-bottom:1px solid #d8dee4;white-space:nowrap}
    thead th{text-align:right;font-weight:600}
    thead th:first-child,tbody th,tfoot th{text-align:left;font-weight:normal}
    td{text-align:right}
    tfoot td,tfoot th{font-weight:600;border-bottom:none}
    tr.empty{color:#8c959f}
    .goal{font-weight:600}
    @media (prefers-color-scheme:dark){
    body{color:#e6edf3;background:#0d1117}
    h2,th,td{border-color:#30363d}
    .generated,.range,.units{color:#9198a1}
    tr.empty{color:#6e7681}
    }
    {{{chartStylesheet}}}
    </style>
    </head>
    <body>
    <header>
    <h1>{{title}}</h1>
    <p class="generated">Generated {{generated}} ({{zone}}).</p>
    </header>
    {{#projects}}
    <section>
    <h2>{{title}}{{#units}} <span class="units">({{units}})</span>{{/units}}</h2>
    {{#hasReadings}}
    <p class="range">{{period}} from {{from}} to {{to}}.</p>
    <figure>
    {{{chart}}}
    </figure>
    <div class="table">
    <table>
    <thead><tr><th scope="col">Period</th>{{#columns}}<th scope="col">{{heading}}</th>{{/columns}}</tr></thead>
    <tbody>
    {{#rows}}
    <tr{{#empty}} class="empty"{{/empty}}><th scope="row">{{period}}</th>{{#cells}}<td>{{.}}</td>{{/cells}}</tr>
    {{/rows}}
    </tbody>
    <tfoot><tr><th scope="row">Total</th>{{#total.cells}}<td>{{.}}</td>{{/total.cells}}</tr></tfoot>
    </table>
    </div>
    {{/hasReadings}}
    {{^hasReadings}}
    <p>No {{period}} readings in this range.</p>
    {{/hasReadings}}
    {{#goal}}
    <p class="goal">{{goal}}</p>
    {{/goal}}
    </section>
    {{/projects}}
    {{^projects}}
    <p>No readings in this range.</p>
    {{/projects}}
    </body>
    </html>
    """
}
