package io.patchpin.lockexport;

import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * {@code versions.env}: {@code NAME_COMMIT}, {@code NAME_REF}, {@code NAME_URL} per source, sorted, one
 * {@code NAME=value} a line with no quotes, so that bash's {@code source} and {@code docker}/{@code podman --env-file}
 * (which takes everything after '=' literally) read the same value. A value that bash would need quotes for cannot be
 * written that way: it is left out and named. Needs no objects.
 */
final class EnvFormat {
    /** Characters bash takes literally in an assignment word: no quoting, expansion, tilde, glob or comment. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:@%+,=-]*");

    private EnvFormat() {}

    static String render(List<ExportSource> sources, String header, List<String> problems) {
        List<String> names = Names.unique(sources, Names::env);
        TreeSet<String> lines = new TreeSet<>();
        for (int i = 0; i < sources.size(); i++) {
            ExportSource s = sources.get(i);
            add(lines, s, names.get(i) + "_COMMIT", s.commit(), problems);
            add(lines, s, names.get(i) + "_REF", s.ref(), problems);
            add(lines, s, names.get(i) + "_URL", s.url(), problems);
        }
        StringBuilder b = new StringBuilder(header);
        lines.forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }

    private static void add(TreeSet<String> lines, ExportSource s, String name, String value, List<String> problems) {
        if (value == null) {
            return;
        }
        if (!PLAIN.matcher(value).matches()) {
            problems.add(
                    s.label() + ": " + name + " not written: its value holds characters that bash would need quotes"
                            + " for, and docker --env-file would keep the quotes");
            return;
        }
        lines.add(name + "=" + value);
    }
}
