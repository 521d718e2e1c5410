package io.patchpin.lockexport;

import io.patchpin.core.BadInputException;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockRoot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The repositories a lock pins, in export order: superproject, components by path, other roots by name. */
final class Sources {
    private Sources() {}

    /**
     * Every source, or only the components named in {@code only} (then no
     * other roots); a name the lock lacks is bad input naming {@code lockName}.
     */
    static List<ExportSource> of(Lock lock, List<String> only, String lockName) {
        return of(lock, only, lockName, Map.of());
    }

    /** As above, with {@code urls} (component path to URL, from {@code --url}) standing in for the lock's. */
    static List<ExportSource> of(Lock lock, List<String> only, String lockName, Map<String, String> urls) {
        for (String p : urls.keySet()) {
            if (lock.component(p).isEmpty()) {
                throw new BadInputException("--url", 0, "no component '" + p + "' in " + lockName);
            }
        }
        Set<String> wanted = new LinkedHashSet<>(only);
        for (String p : wanted) {
            if (lock.component(p).isEmpty()) {
                throw new BadInputException("--component", 0, "no component '" + p + "' in " + lockName);
            }
        }
        String superName = superprojectName(lock, urls.get("."));
        List<ExportSource> out = new ArrayList<>();
        for (LockEntry c : lock.components()) {
            if (!wanted.isEmpty() && !wanted.contains(c.path())) {
                continue;
            }
            String name = c.isSuperproject() ? superName : c.name();
            String label = c.isSuperproject() ? ". (" + superName + ")" : c.path();
            String ref = c.isSuperproject() ? superprojectRef(lock) : c.branch();
            out.add(new ExportSource(
                    label,
                    c.path(),
                    name,
                    c.parent(),
                    urls.getOrDefault(c.path(), c.url()),
                    ref,
                    c.commit(),
                    c.override()));
        }
        if (wanted.isEmpty()) {
            lock.roots().stream()
                    .filter(r -> !lock.superproject().equals(r.commit()))
                    .sorted(Comparator.comparing(LockRoot::name))
                    .forEach(r -> out.add(new ExportSource(
                            "root " + r.name(), null, r.name(), null, r.url(), r.ref(), r.commit(), false)));
        }
        return out;
    }

    /** The root locked at the superproject commit names it; else its URL's last segment; else "superproject". */
    static String superprojectName(Lock lock) {
        return superprojectName(lock, null);
    }

    /** As above, {@code givenUrl} (from --url, or null) standing in for the lock's. */
    static String superprojectName(Lock lock, String givenUrl) {
        for (LockRoot r : lock.roots()) {
            if (lock.superproject().equals(r.commit())) {
                return r.name();
            }
        }
        String url = givenUrl != null
                ? givenUrl
                : lock.component(".").map(LockEntry::url).orElse(null);
        if (url != null) {
            String last = url.replaceAll("/+$", "").replaceAll("\\.git$", "");
            last = last.substring(Math.max(last.lastIndexOf('/'), last.lastIndexOf(':')) + 1);
            if (!last.isEmpty()) {
                return last;
            }
        }
        return "superproject";
    }

    private static String superprojectRef(Lock lock) {
        return lock.roots().stream()
                .filter(r -> lock.superproject().equals(r.commit()))
                .map(LockRoot::ref)
                .findFirst()
                .orElse(null);
    }
}
