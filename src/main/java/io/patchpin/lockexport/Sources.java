package io.patchpin.lockexport;

import io.patchpin.core.BadInputException;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The repositories a lock pins, in export order: superproject, components by path, other roots by name. */
final class Sources {
    private Sources() {}

    /**
     * Every source, or only the components named in {@code only} (then no other roots), with {@code urls} (component
     * path to URL, from {@code --url}) standing in for the lock's; a path the lock lacks is bad input naming
     * {@code lockName}.
     */
    static List<ExportSource> of(Lock lock, List<String> only, String lockName, Map<String, String> urls) {
        requireComponents(lock, urls.keySet(), "--url", lockName);
        Set<String> wanted = new LinkedHashSet<>(only);
        requireComponents(lock, wanted, "--component", lockName);
        String superName = superprojectName(lock, urls.get("."));
        List<ExportSource> out = new ArrayList<>();
        for (LockEntry c : lock.components()) {
            if (!wanted.isEmpty() && !wanted.contains(c.path())) {
                continue;
            }
            String name = c.isSuperproject() ? superName : c.name();
            String label = c.isSuperproject() ? ". (" + superName + ")" : c.path();
            String ref = c.isSuperproject()
                    ? superprojectRoot(lock).map(Lock.Root::ref).orElse(null)
                    : c.branch().orElse(null);
            out.add(new ExportSource(
                    label,
                    c.path(),
                    name,
                    c.parent().orElse(null),
                    urls.getOrDefault(c.path(), c.url().orElse(null)),
                    ref,
                    c.commit(),
                    c.override()));
        }
        if (wanted.isEmpty()) {
            lock.roots().stream()
                    .filter(r -> !r.lockedAt(lock.superproject()))
                    .sorted(Comparator.comparing(Lock.Root::name))
                    .forEach(r -> out.add(new ExportSource(
                            "root " + r.name(),
                            null,
                            r.name(),
                            null,
                            r.url(),
                            r.ref(),
                            r.commit().orElse(null),
                            false)));
        }
        return out;
    }

    private static void requireComponents(Lock lock, Collection<String> paths, String option, String lockName) {
        for (String p : paths) {
            if (lock.component(p).isEmpty()) {
                throw new BadInputException(option, 0, "no component '" + p + "' in " + lockName);
            }
        }
    }

    /**
     * The root locked at the superproject commit names it; else its URL's last segment ({@code givenUrl}, from --url,
     * or null, standing in for the lock's); else "superproject".
     */
    static String superprojectName(Lock lock, String givenUrl) {
        Optional<Lock.Root> root = superprojectRoot(lock);
        if (root.isPresent()) {
            return root.get().name();
        }
        String url = givenUrl != null
                ? givenUrl
                : lock.component(".").flatMap(LockEntry::url).orElse(null);
        if (url != null) {
            String last = url.replaceAll("/+$", "").replaceAll("\\.git$", "");
            last = last.substring(Math.max(last.lastIndexOf('/'), last.lastIndexOf(':')) + 1);
            if (!last.isEmpty()) {
                return last;
            }
        }
        return "superproject";
    }

    private static Optional<Lock.Root> superprojectRoot(Lock lock) {
        return lock.roots().stream()
                .filter(r -> r.lockedAt(lock.superproject()))
                .findFirst();
    }
}
