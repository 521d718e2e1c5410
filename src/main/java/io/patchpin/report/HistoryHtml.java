package io.patchpin.report;

import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.Markup;
import io.patchpin.history.HistoryReport;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The picture of a {@link HistoryReport}: one self-contained HTML page (inline SVG and CSS, no script, no font or image
 * to fetch, a policy that forbids loading anything): rows are entries grouped by component, columns are the commits in
 * line order, each run of equal verdicts one cell coloured by its verdict's class with its first and last commit (date,
 * subject) and the verdict detail as its title, so the page grows with the changes, not with the length of the line.
 */
public final class HistoryHtml {
    private static final int ROW = 16;
    private static final int CELL = 13;
    private static final int GROUP = 22;
    private static final int AXIS = 34;
    private static final double CHAR = 7.3;

    private final HistoryReport r;
    private final double cw;
    private final int labels;

    private HistoryHtml(HistoryReport r) {
        this.r = r;
        // whole pixels while every commit gets two; past that the line is squeezed into the width (a run of
        // equal verdicts is one cell, so a commit narrower than a pixel still shows where it changes)
        double fit = 1200.0 / r.columns().size();
        this.cw = fit >= 2 ? Math.min(16, Math.floor(fit)) : fit;
        int longest = r.rows().stream().mapToInt(row -> row.id().length()).max().orElse(10);
        this.labels = (int) Math.ceil(Math.max(longest + 2, 16) * CHAR) + 12;
    }

    public static String render(HistoryReport r) {
        return new HistoryHtml(r).page();
    }

    /** The class a verdict is drawn in: ok, review, broken, or missing when its objects are not here. */
    public static String cellClass(Verdict v) {
        return v == Verdict.OBJECTS_MISSING ? "missing" : v.verdictClass().word();
    }

    /** As {@link #cellClass(Verdict)}; absent where the entry is not there (a layer's patch that came or went). */
    private static String cellClass(Optional<Verdict> v) {
        return v.map(HistoryHtml::cellClass).orElse("absent");
    }

    private static Optional<Verdict> verdict(Optional<EntryVerdict> cell) {
        return cell.map(EntryVerdict::verdict);
    }

    private String page() {
        StringBuilder b = new StringBuilder();
        String title = "patchpin history: " + sets() + " " + HistoryText.shortId(r.from()) + ".."
                + HistoryText.shortId(r.to());
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + CSS + (absent() ? ABSENT_CSS : "")
                + "</style>\n</head>\n<body>\n");
        b.append("<h1>" + esc(title) + "</h1>\n<p>" + r.rows().size() + " entries, " + r.lineSize()
                + " first-parent commits from " + commitText(r.from()) + " to " + commitText(r.to()) + ". "
                + esc(HistoryText.sampling(r)) + ".</p>\n");
        b.append(legend(absent()));
        b.append("<div class=\"scroll\">\n").append(grid()).append("</div>\n");
        b.append(changes());
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    /** Whether some entry is not there at some commit (only under a layered set): the page then says how that looks. */
    private boolean absent() {
        return r.rows().stream().anyMatch(row -> row.cells().contains(Optional.empty()));
    }

    private String sets() {
        return r.rows().stream().map(HistoryReport.Row::patchset).distinct().collect(Collectors.joining(" + "));
    }

    private static String legend(boolean absent) {
        StringBuilder b = new StringBuilder(
                "<svg class=\"legend\" width=\"620\" height=\"20\" role=\"img\" aria-label=\"legend\">\n");
        String[][] items = {
            {"ok", "ok"},
            {"review", "review (drifted, fuzz, mergeable)"},
            {"broken", "broken"},
            {"missing", "objects missing"},
            {"absent", "not in the layer"}
        };
        int x = 0;
        for (String[] it : absent ? items : Arrays.copyOf(items, items.length - 1)) {
            b.append("<rect class=\"" + it[0] + "\" x=\"" + x + "\" y=\"3\" width=\"14\" height=\"14\"/><text x=\""
                    + (x + 19) + "\" y=\"15\">" + it[1] + "</text>\n");
            x += 34 + (int) Math.ceil(it[1].length() * CHAR);
        }
        return b.append("</svg>\n").toString();
    }

    private String grid() {
        Map<String, List<HistoryReport.Row>> groups = r.rows().stream()
                .collect(Collectors.groupingBy(HistoryReport.Row::component, TreeMap::new, Collectors.toList()));
        int width = (int) Math.ceil(labels + cw * r.columns().size()) + 4;
        int height = AXIS + groups.size() * GROUP + r.rows().size() * ROW + 4;
        StringBuilder b = new StringBuilder();
        b.append("<svg class=\"grid\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height
                + "\" role=\"img\" aria-label=\"verdict of every entry at every commit\">\n");
        axis(b);
        int y = AXIS;
        for (Map.Entry<String, List<HistoryReport.Row>> g : groups.entrySet()) {
            y += GROUP;
            String name = g.getKey().equals(".") ? ". (superproject)" : g.getKey();
            b.append("<text class=\"group\" x=\"0\" y=\"" + (y - 6) + "\">" + esc(name) + "</text>\n");
            for (HistoryReport.Row row : g.getValue()) {
                row(b, row, y);
                y += ROW;
            }
        }
        return b.append("</svg>\n").toString();
    }

    /**
     * A date under the first column of each month (when there is room), and a linked tick at the first commit and at
     * each commit where some entry changes: one per commit would make the page of a long line megabytes of ticks.
     * Columns are in first-parent order and dated by their committer; a month is labelled once, and never after a later
     * one, so the axis runs forward even where a clock was wrong.
     */
    private void axis(StringBuilder b) {
        double lastLabel = -1e9;
        String lastMonth = "";
        SortedSet<Integer> ticks = changeColumns();
        for (int i = 0; i < r.columns().size(); i++) {
            LineCommit c = r.columns().get(i);
            double x = labels + i * cw;
            String month = c.committed().substring(0, 7);
            if (month.compareTo(lastMonth) > 0 && x - lastLabel >= 64) {
                b.append("<text class=\"date\" x=\"" + fmt(x) + "\" y=\"12\">" + month
                        + "</text><line class=\"tick\" x1=\"" + fmt(x) + "\" y1=\"15\" x2=\"" + fmt(x)
                        + "\" y2=\"22\"/>\n");
                lastLabel = x;
            }
            lastMonth = month.compareTo(lastMonth) > 0 ? month : lastMonth;
            if (ticks.contains(i)) {
                String tick = "<rect class=\"col\" x=\"" + fmt(x) + "\" y=\"24\" width=\"" + fmt(Math.max(1, cw - 1))
                        + "\" height=\"6\"><title>" + esc(commitTitle(c)) + "</title></rect>";
                b.append(link(c, tick)).append('\n');
            }
        }
    }

    /** The first and last columns and every column where some entry's verdict differs from the column before. */
    private SortedSet<Integer> changeColumns() {
        SortedSet<Integer> out = new TreeSet<>(List.of(0, r.columns().size() - 1));
        for (HistoryReport.Row row : r.rows()) {
            for (int i = 1; i < row.cells().size(); i++) {
                if (!verdict(row.cells().get(i)).equals(verdict(row.cells().get(i - 1)))) {
                    out.add(i);
                }
            }
        }
        return out;
    }

    /**
     * One cell per run of equal verdicts, spanning its commits; its title names the first and last commit of the run
     * and the detail at the first. A run that starts with a change links to that commit.
     */
    private void row(StringBuilder b, HistoryReport.Row row, int y) {
        String label =
                row.patchset() + "/" + row.id() + " (" + row.kind().word() + "): " + String.join(", ", row.files());
        b.append("<text class=\"entry\" x=\"" + (labels - 8) + "\" y=\"" + (y + CELL - 2)
                + "\" text-anchor=\"end\"><title>" + esc(label) + "</title>" + esc(row.id()) + "</text>\n");
        List<Optional<EntryVerdict>> cells = row.cells();
        for (int start = 0; start < cells.size(); ) {
            Optional<EntryVerdict> v = cells.get(start);
            int end = start;
            while (end + 1 < cells.size() && verdict(cells.get(end + 1)).equals(verdict(v))) {
                end++;
            }
            boolean changed = start > 0;
            LineCommit first = r.columns().get(start);
            String span = end == start
                    ? "at " + commitTitle(first)
                    : "from " + commitTitle(first) + "\nto "
                            + commitTitle(r.columns().get(end)) + " (" + (end - start + 1) + " commits)";
            String cell = "<rect class=\"cell " + cellClass(verdict(v)) + (changed ? " change" : "") + "\" x=\""
                    + fmt(labels + start * cw) + "\" y=\"" + y + "\" width=\""
                    + Math.max(
                            1,
                            Math.round(labels + (end + 1) * cw) - Math.round(labels + start * cw) - (cw >= 4 ? 1 : 0))
                    + "\" height=\"" + CELL + "\"><title>"
                    + esc(row.id() + " " + span + "\n"
                            + (changed ? HistoryText.word(verdict(cells.get(start - 1))) + " -> " : "")
                            + v.map(e -> e.verdict() + (e.detail().isEmpty() ? "" : ": " + e.detail()))
                                    .orElse(HistoryReport.ABSENT))
                    + "</title></rect>";
            b.append(changed ? link(first, cell) : cell).append('\n');
            start = end + 1;
        }
    }

    /** Every change, per entry, as a list under the picture (linked when the superproject is on GitHub). */
    private String changes() {
        StringBuilder b = new StringBuilder("<h2>Changes</h2>\n<table>\n<tr><th>entry</th><th>commit</th><th>date</th>"
                + "<th>verdict</th><th>subject and detail</th></tr>\n");
        for (HistoryReport.Row row : r.rows()) {
            Optional<EntryVerdict> first = row.cells().get(0);
            b.append("<tr><td>" + esc(row.id()) + "</td><td>" + commitText(r.from()) + "</td><td>"
                    + HistoryText.day(r.from()) + "</td><td><span class=\"v " + cellClass(verdict(first)) + "\"></span>"
                    + esc(HistoryText.word(verdict(first))) + "</td><td>"
                    + esc(first.map(EntryVerdict::detail).orElse("")) + "</td></tr>\n");
            for (HistoryReport.Transition t : row.transitions()) {
                b.append("<tr><td></td><td>" + commitText(t.commit()) + "</td><td>" + HistoryText.day(t.commit())
                        + "</td><td><span class=\"v " + cellClass(t.to()) + "\"></span>"
                        + esc(HistoryText.word(t.from())) + " &#8594; " + esc(HistoryText.word(t.to())) + "</td><td>"
                        + esc(t.commit().subject())
                        + (t.detail().isEmpty() ? "" : "<br><small>" + esc(t.detail()) + "</small>") + "</td></tr>\n");
            }
        }
        return b.append("</table>\n").toString();
    }

    private String commitText(LineCommit c) {
        return link(c, "<code>" + HistoryText.shortId(c) + "</code>");
    }

    private String link(LineCommit c, String svg) {
        return r.commitLink()
                .map(l -> "<a href=\"" + esc(l + c.id()) + "\">" + svg + "</a>")
                .orElse(svg);
    }

    private static String commitTitle(LineCommit c) {
        return c.id().substring(0, 12) + " " + HistoryText.day(c) + " " + c.subject();
    }

    /** Every coordinate is whole: the label width is rounded up and each x rounded. */
    private static String fmt(double v) {
        return Long.toString(Math.round(v));
    }

    static String esc(String s) {
        return Markup.escape(s, false);
    }

    private static final String ABSENT_CSS = ".absent { fill: #eaeef2; background: #eaeef2; }\n";

    private static final String CSS =
            """
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 20px; color: #1f2328; background: #fff; }
            h1 { font-size: 18px; margin: 0 0 6px; }
            h2 { font-size: 16px; margin: 22px 0 6px; }
            p { margin: 0 0 10px; max-width: 1100px; }
            .scroll { overflow-x: auto; padding-bottom: 6px; }
            svg text { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; fill: #1f2328; }
            svg text.group { font-weight: bold; fill: #57606a; }
            svg text.date { fill: #57606a; }
            .tick { stroke: #8c959f; }
            .col { fill: #d0d7de; }
            .col:hover, .cell:hover { opacity: .6; }
            .ok { fill: #2da44e; background: #2da44e; }
            .review { fill: #e3a008; background: #e3a008; }
            .broken { fill: #cf222e; background: #cf222e; }
            .missing { fill: #8c959f; background: #8c959f; }
            table { border-collapse: collapse; font-size: 13px; }
            td, th { padding: 2px 12px 2px 0; text-align: left; vertical-align: top; white-space: nowrap; }
            td:last-child { white-space: normal; }
            th { border-bottom: 1px solid #d0d7de; }
            .v { display: inline-block; width: 10px; height: 10px; margin-right: 6px; }
            a { color: #0969da; }
            """;
}
