package io.patchpin.lockexport;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Spec lines for an RPM: per source a {@code %global commitN} and a {@code SourceN:} over GitHub's archive of that
 * commit (the URL Fedora's forge macros expand to, with the file name they give it), the superproject first. A source
 * GitHub does not host has no archive URL rpm can fetch: it is named and left out.
 */
final class RpmFormat {
    private RpmFormat() {}

    static String render(List<ExportSource> sources, String header, List<String> problems) {
        StringBuilder b = new StringBuilder(header.replace("%", "%%"));
        int n = 0;
        for (ExportSource s : sources) {
            Optional<GitHubUrl> gh = GitHubUrl.parse(s.url());
            if (s.commit() == null || gh.isEmpty()) {
                problems.add(s.label() + ": no Source line: " + s.unfetchable("not a GitHub URL, no archive to fetch"));
                continue;
            }
            String repo = gh.get().repo();
            b.append("\n# ").append(s.label().replace("%", "%%")).append('\n');
            b.append(String.format(Locale.ROOT, "%%global commit%d %s%n", n, s.commit()));
            b.append(String.format(
                    Locale.ROOT,
                    "Source%d: https://github.com/%s/%s/archive/%%{commit%d}/%s-%%{commit%d}.tar.gz%n",
                    n,
                    gh.get().owner(),
                    repo,
                    n,
                    repo,
                    n));
            n++;
        }
        return b.toString();
    }
}
