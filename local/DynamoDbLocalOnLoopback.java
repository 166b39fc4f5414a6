import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local on 127.0.0.1 only (local/dynamodb-local.ts runs this file with Java's source
 * launcher). The jar's own entry point takes no bind address: its Jetty server listens on every
 * interface, so anyone on the developer's network could read and write the local table. This builds
 * the server from the same command line as the jar does, sets the address of its connectors while
 * they are still unbound, then starts it. The Jetty server is a private field: a DynamoDB Local release
 * that renames it fails here, at start, instead of listening on every interface again.
 */
public class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field jetty = DynamoDBProxyServer.class.getDeclaredField("server");
    jetty.setAccessible(true);
    Connector[] connectors = ((Server) jetty.get(proxy)).getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to 127.0.0.1");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    // Telemetry is never configured here (the jar's main does that), so none is sent.
    proxy.start();
  }
}
