/**
 * The program that holds a workspace's network namespace (ADR 0013), run by bubblewrap with a new user and network
 * namespace: `perl -e NETNS_HOLDER_SCRIPT <socket path>`. Perl because Debian always has it (perl-base is essential)
 * and it costs about 8 MB where a Node process costs 40 MB, once per running workspace.
 *
 * It listens on a Unix socket at a host path (outside every sandbox) and prints `<pid> net:[<inode>]` when it does:
 * the pid whose namespaces the workspace's processes join, and the namespace they must find there. For each
 * connection (one per preview request, from the preview proxy), a child reads one header line `<address> <port>\n`,
 * connects to that TCP port inside the namespace (where the workspace's dev servers listen, loopback included) and
 * copies bytes both ways until both sides are done. Anything that is not such a header is dropped.
 */
export const NETNS_HOLDER_SCRIPT = String.raw`
use strict;
use warnings;
use IO::Socket::UNIX;
use IO::Socket::IP;
use IO::Select;
use Socket qw(SOCK_STREAM);

$SIG{CHLD} = 'IGNORE';
$SIG{PIPE} = 'IGNORE';
my $path = shift @ARGV or die "usage: holder <socket path>\n";
unlink $path;
my $listener = IO::Socket::UNIX->new(Type => SOCK_STREAM, Local => $path, Listen => 128) or die "cannot listen on $path: $!\n";
chmod 0600, $path;
$| = 1;
print "$$ " . readlink("/proc/self/ns/net") . "\n";

while (1) {
  my $client = $listener->accept or next;
  my $pid = fork;
  if (!defined $pid || $pid) { close $client; next; }
  close $listener;
  forward($client);
  exit 0;
}

sub forward {
  my ($client) = @_;
  my $header = '';
  while (index($header, "\n") < 0) {
    my $n = sysread($client, my $byte, 1);
    return unless $n;
    $header .= $byte;
    return if length($header) > 64;
  }
  my ($host, $port) = $header =~ /^([0-9A-Fa-f.:]{2,45}) ([0-9]{1,5})\n$/ or return;
  return if $port < 1 || $port > 65535;
  my $upstream = IO::Socket::IP->new(PeerHost => $host, PeerPort => $port, Type => SOCK_STREAM) or return;
  my %peer = (fileno($client) => $upstream, fileno($upstream) => $client);
  my $select = IO::Select->new($client, $upstream);
  while ($select->count) {
    for my $from ($select->can_read) {
      my $to = $peer{fileno $from};
      my $n = sysread($from, my $buffer, 65536);
      if (!$n) {
        $select->remove($from);
        shutdown($to, 1);
        next;
      }
      my $done = 0;
      while ($done < $n) {
        my $written = syswrite($to, $buffer, $n - $done, $done);
        return unless defined $written;
        $done += $written;
      }
    }
  }
}
`;
