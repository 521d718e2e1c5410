package io.patchpin.lockexport;

import java.util.List;
import java.util.Locale;

/**
 * A BitBake fragment: one git {@code SRC_URI} entry per source ({@code name=} and {@code destsuffix=} its path,
 * {@code nobranch=1} since a pin need not be on a branch head) and {@code SRCREV_<name>} per source, with
 * {@code SRCREV_FORMAT} joining them.
 */
final class YoctoFormat {
    private YoctoFormat() {}

    static String render(List<ExportSource> sources, String header, List<String> problems) {
        List<String> names = Names.unique(sources, s -> Names.env(s).toLowerCase(Locale.ROOT));
        StringBuilder uri = new StringBuilder("SRC_URI += \" \\\n");
        StringBuilder revs = new StringBuilder();
        StringBuilder format = new StringBuilder();
        for (int i = 0; i < sources.size(); i++) {
            ExportSource s = sources.get(i);
            String[] scheme = s.url() == null ? null : s.url().split("://", 2);
            if (s.commit() == null
                    || scheme == null
                    || scheme.length < 2
                    || !scheme[0].matches("https?|ssh|git")
                    || s.url().matches(".*[\\s;\"].*")) {
                problems.add(s.label() + ": no SRC_URI entry: "
                        + s.unfetchable("URL " + s.url() + " is not https, http, ssh or git"));
                continue;
            }
            String dest = s.path() == null ? names.get(i) : s.isSuperproject() ? "git" : "git/" + s.path();
            uri.append("    git://" + scheme[1] + ";protocol=" + scheme[0] + ";nobranch=1;name=" + names.get(i)
                    + ";destsuffix=" + dest + " \\\n");
            revs.append("SRCREV_" + names.get(i) + " = \"" + s.commit() + "\"\n");
            format.append(format.length() == 0 ? "" : "_").append(names.get(i));
        }
        return header + uri + "    \"\n" + revs + "SRCREV_FORMAT = \"" + format + "\"\n";
    }
}
