package io.patchpin.export;

import io.patchpin.core.Hashes;
import io.patchpin.core.TomlWriter;
import io.patchpin.patchset.Upstream;
import java.util.function.UnaryOperator;

/**
 * Zephyr's {@code west patch}: {@code patches.yml} listing every patch with its sha256, module (the component path,
 * where {@code git apply} runs), author, email, date, upstream fields and comments; patch paths are relative to the
 * component. Strings are written as JSON strings, which YAML reads as double-quoted scalars.
 */
final class West {
    static final ListedPatches LAYOUT =
            new ListedPatches("patches.yml", "", "patches:\n", West::line, "", Dep3::header, UnaryOperator.identity());

    private West() {}

    private static void line(StringBuilder yml, Tree t, Piece p, byte[] patch) {
        ExportMeta m = p.meta();
        field(yml, "- path", q(p.fileName()));
        field(yml, "  sha256sum", q(Hashes.sha256(patch)));
        field(yml, "  module", q(p.entry().component()));
        field(yml, "  author", q(m.authorName()));
        field(yml, "  email", q(m.authorMail()));
        field(yml, "  date", t.baseDate());
        field(
                yml,
                "  upstreamable",
                Boolean.toString(
                        m.status().map(s -> s != Upstream.Status.INAPPROPRIATE).orElse(true)));
        m.status().ifPresent(s -> upstream(yml, m, s));
        if (!m.why().isEmpty()) {
            field(yml, "  comments", q(m.why()));
        }
    }

    private static void upstream(StringBuilder yml, ExportMeta m, Upstream.Status s) {
        boolean linked = s == Upstream.Status.SUBMITTED || s == Upstream.Status.MERGED || s == Upstream.Status.BACKPORT;
        m.url().filter(u -> linked && u.matches("https?://\\S+")).ifPresent(u -> field(yml, "  merge-pr", q(u)));
        if (linked) {
            field(yml, "  merge-status", Boolean.toString(s != Upstream.Status.SUBMITTED));
        }
        m.commit().filter(c -> c.matches("[0-9a-f]{40}")).ifPresent(c -> field(yml, "  merge-commit", q(c)));
    }

    private static void field(StringBuilder b, String key, String value) {
        b.append("  ").append(key).append(": ").append(value).append('\n');
    }

    /** A double-quoted string as TOML writes it: a valid YAML double-quoted scalar. */
    private static String q(String s) {
        return TomlWriter.basic(s);
    }
}
