package io.mcphost.protocol.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.introspect.AnnotatedConstructor;
import tools.jackson.databind.module.SimpleModule;

/**
 * Creates records (and other classes built through a public constructor with arguments) by calling
 * the constructor through core reflection instead of Jackson's own path.
 *
 * <p>Why: Jackson 3 calls a multi-argument creator with {@code MethodHandle.invokeWithArguments},
 * which builds a spreading adapter on every call; on a tool call that was 5–8 % of the client's CPU
 * (every result record and each of its content blocks is created this way). {@link Constructor#newInstance}
 * keeps its adapter, so the same call costs a fraction. Behaviour is unchanged: the constructor's own
 * exception is reported exactly as Jackson reports it, and anything this cannot call (not public, a
 * factory method, a subclassed instantiator) keeps Jackson's path. Stateless and thread-safe.
 */
final class DirectCreators extends ValueInstantiators.Base {

    private DirectCreators() {
    }

    static SimpleModule module() {
        return new SimpleModule("mcphost-direct-creators") {
            @Override
            public void setupModule(SetupContext context) {
                super.setupModule(context);
                context.addValueInstantiators(new DirectCreators());
            }
        };
    }

    @Override
    public ValueInstantiator modifyValueInstantiator(DeserializationConfig config, BeanDescription.Supplier beanDescRef,
                                                     ValueInstantiator defaultInstantiator) {
        if (defaultInstantiator.getClass() == StdValueInstantiator.class
                && defaultInstantiator.getWithArgsCreator() instanceof AnnotatedConstructor creator
                && Modifier.isPublic(creator.getAnnotated().getModifiers())
                && Modifier.isPublic(creator.getAnnotated().getDeclaringClass().getModifiers())) {
            return new Direct((StdValueInstantiator) defaultInstantiator, creator.getAnnotated());
        }
        return defaultInstantiator;
    }

    /** Jackson's instantiator with the constructor call replaced; everything else inherited. */
    private static final class Direct extends StdValueInstantiator {
        private final Constructor<?> constructor;

        Direct(StdValueInstantiator base, Constructor<?> constructor) {
            super(base);
            this.constructor = constructor;
        }

        @Override
        public Object createFromObjectWith(DeserializationContext ctxt, Object[] args) throws JacksonException {
            try {
                return constructor.newInstance(args);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                if (cause instanceof Error error) {
                    throw error;
                }
                return ctxt.handleInstantiationProblem(getValueClass(), args, rewrapCtorProblem(ctxt, cause));
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                // Not callable from here after all (access, an argument Jackson would coerce): its own path.
                return super.createFromObjectWith(ctxt, args);
            }
        }
    }
}
