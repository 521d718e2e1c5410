package io.patchpin.export;

import java.util.Locale;

/**
 * Fedora/RPM: the patches and {@code patches.spec.inc} with one {@code PatchNNNN:} line each, the why as comments above
 * it, for a spec that applies them with {@code %autosetup -p1} (zero fuzz). rpm expands macros even in comments, so '%'
 * is doubled there.
 */
final class Rpm {
    static final ListedPatches LAYOUT =
            new ListedPatches("patches.spec.inc", "", "", Rpm::line, "", Dep3::header, o -> o.replace("%", "%%"));

    private Rpm() {}

    private static void line(StringBuilder inc, Tree t, Piece p, byte[] patch) {
        inc.append('\n');
        comment(inc, p.meta().summary());
        p.meta().details().forEach(l -> comment(inc, l));
        p.meta().upstreamLine().ifPresent(l -> comment(inc, l));
        inc.append(String.format(Locale.ROOT, "Patch%04d: %s\n", p.number(), p.fileName()));
    }

    private static void comment(StringBuilder b, String line) {
        String text = Dep3.oneLine(line).replace("%", "%%");
        b.append(text.isEmpty() ? "#" : "# " + text).append('\n');
    }
}
