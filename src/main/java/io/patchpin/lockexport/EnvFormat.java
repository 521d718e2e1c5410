package io.patchpin.lockexport;

import java.util.List;
import java.util.TreeSet;

/**
 * {@code versions.env}: {@code NAME_COMMIT}, {@code NAME_REF}, {@code NAME_URL}
 * per source, sorted, single-quoted so any sh can source it. Needs no objects.
 */
final class EnvFormat {
    private EnvFormat() {
    }

    static String render(List<ExportSource> sources, String header) {
        List<String> names = Names.unique(sources, Names::env);
        TreeSet<String> lines = new TreeSet<>();
        for (int i = 0; i < sources.size(); i++) {
            ExportSource s = sources.get(i);
            add(lines, names.get(i) + "_COMMIT", s.commit());
            add(lines, names.get(i) + "_REF", s.ref());
            add(lines, names.get(i) + "_URL", s.url());
        }
        StringBuilder b = new StringBuilder(header);
        lines.forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }

    private static void add(TreeSet<String> lines, String name, String value) {
        if (value != null) {
            lines.add(name + "=" + quote(value));
        }
    }

    /** sh single quotes; a quote inside becomes '\''. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
