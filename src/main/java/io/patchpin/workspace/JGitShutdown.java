package io.patchpin.workspace;

import org.eclipse.jgit.internal.util.CleanupService;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * JGit's clean-up at exit (deleting the lock files it holds, stopping its
 * background savers), run by a shutdown hook of ours. Outside OSGi, JGit
 * registers that hook itself when the first config file is read, and first
 * loads every one of its messages so that the hook can report errors while the
 * JVM goes down: about a tenth of a short run's start-up. Created as OSGi
 * creates it, JGit's {@link CleanupService} only keeps the clean-up for later,
 * and this hook runs it at exit as JGit's would.
 *
 * <p>At exit after a normal end, when the command has released its locks,
 * the clean-up has nothing to do and is skipped (see {@link #finished()}).
 * The clean-up is run through a method that is not public. When a JGit
 * version lacks it, nothing is changed and JGit registers its own hook as
 * before.
 */
public final class JGitShutdown extends Thread {
    private static volatile boolean finished;
    private static volatile boolean installed;

    private final Method shutDown;
    private final CleanupService service;

    private JGitShutdown(Method shutDown, CleanupService service) {
        super("patchpin-jgit-cleanup");
        this.shutDown = shutDown;
        this.service = service;
    }

    /** Once per JVM, before JGit reads any config file. */
    static void install() {
        Method shutDown;
        try {
            shutDown = CleanupService.class.getDeclaredMethod("shutDown");
            shutDown.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            return; // JGit's own hook stays
        }
        Runtime.getRuntime().addShutdownHook(new JGitShutdown(shutDown, new CleanupService()));
        installed = true;
    }

    /** Whether this hook replaced JGit's (false when this JGit lacks the clean-up method). */
    static boolean installed() {
        return installed;
    }

    /**
     * Says the run has ended normally: the command has released every lock it took, and JGit's clean-up,
     * which would load all of JGit's messages in order to log its steps, is left out at exit. A run that is
     * interrupted (a signal) still gets it.
     */
    public static void finished() {
        finished = true;
    }

    @Override
    public void run() {
        if (finished) {
            return;
        }
        try {
            shutDown.invoke(service);
        } catch (IllegalAccessException | InvocationTargetException e) {
            // the JVM is going down: nothing left to tell
        }
    }
}
