/**
 * The program that holds a workspace's network namespace (ADR 0013), run by bubblewrap with a new user and network
 * namespace: `perl -e NETNS_HOLDER_SCRIPT <socket path>`. Perl because Debian always has it (perl-base is essential)
 * and it costs about 8 MB where a Node process costs 40 MB, once per running workspace.
 *
 * First it makes IPv4 link-local (169.254.0.0/16: cloud metadata services) unreachable in the namespace, with a route
 * (it runs with CAP_NET_ADMIN in its own user namespace; the workspace's processes run with no capability). It listens
 * on a Unix socket at a host path (outside every sandbox) and prints `<pid> net:[<inode>] link-local-blocked` when it
 * does (`link-local-open <reason>` when the route could not be added): the pid whose
 * namespaces the workspace's processes join, and the namespace they must find there. Each connection
 * gets a child that reads one header line:
 * - `<address> <port>\n` (one per preview request, from the preview proxy): it connects to that TCP port inside the
 *   namespace (where the workspace's dev servers listen, loopback included) and copies bytes both ways until both
 *   sides are done;
 * - `WATCH\n` (one per network, from the server's port detection): every 250 ms it asks the kernel for the
 *   namespace's listening TCP sockets over sock_diag netlink (which walks only the listening table: ~0.1 ms, where
 *   reading /proc/<pid>/net/tcp walks the machine's whole connection table, ~5 ms on a large machine) and, when the
 *   set changed, writes it as lines `<inode> <address> <port>\n` ended by `.\n` (`ERROR\n.\n` when netlink is refused).
 * Anything else is dropped.
 */
/** bubblewrap's arguments for the holder (and for the probe of whether it can run here): new user and network namespaces, CAP_NET_ADMIN in them. */
export const HOLDER_BWRAP_ARGS: readonly string[] = ['--unshare-user', '--unshare-net', '--cap-add', 'CAP_NET_ADMIN', '--die-with-parent', '--bind', '/', '/', '--dev', '/dev'];

export const NETNS_HOLDER_SCRIPT = String.raw`
use strict;
use warnings;
use IO::Socket::UNIX;
use IO::Socket::IP;
use IO::Select;
use Socket qw(SOCK_STREAM AF_INET AF_INET6 inet_ntop);

$SIG{CHLD} = 'IGNORE';
$SIG{PIPE} = 'IGNORE';
my $path = shift @ARGV or die "usage: holder <socket path>\n";
unlink $path;
my $listener = IO::Socket::UNIX->new(Type => SOCK_STREAM, Local => $path, Listen => 128) or die "cannot listen on $path: $!\n";
chmod 0600, $path;
$| = 1;
my $unreachable = block_link_local();
print "$$ " . readlink("/proc/self/ns/net") . ($unreachable eq '' ? " link-local-blocked" : " link-local-open $unreachable") . "\n";

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
  return watch($client) if $header eq "WATCH\n";
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
      return unless write_all($to, $buffer);
    }
  }
}

sub watch {
  my ($client) = @_;
  my $select = IO::Select->new($client);
  my $last;
  while (1) {
    my $now = listening();
    if (!defined $now) {
      syswrite($client, "ERROR\n.\n");
      return;
    }
    if (!defined $last || $now ne $last) {
      return unless write_all($client, "$now.\n");
      $last = $now;
    }
    if ($select->can_read(0.25)) {
      return unless sysread($client, my $ignored, 64);
    }
  }
}

sub write_all {
  my ($to, $data) = @_;
  my $done = 0;
  while ($done < length $data) {
    my $written = syswrite($to, $data, length($data) - $done, $done);
    return 0 unless defined $written;
    $done += $written;
  }
  return 1;
}

# Cloud metadata services (169.254.169.254) and the rest of IPv4 link-local become unreachable from the namespace: an
# RTN_UNREACHABLE route for 169.254.0.0/16 added over rtnetlink (AF_NETLINK 16, SOCK_RAW 3, NETLINK_ROUTE 0;
# RTM_NEWROUTE 24 with NLM_F_REQUEST|NLM_F_ACK|NLM_F_EXCL|NLM_F_CREATE; rtmsg: AF_INET, /16, table main 254,
# RTPROT_STATIC 4, RT_SCOPE_UNIVERSE 0, RTN_UNREACHABLE 7; RTA_DST 1). '' when added, else why not.
sub block_link_local {
  socket(my $netlink, 16, 3, 0) or return "netlink: $!";
  my $route = pack('CCCCCCCC L', AF_INET, 16, 0, 0, 254, 4, 0, 7, 0) . pack('SS C4', 8, 1, 169, 254, 0, 0);
  my $request = pack('LSSLL', 16 + length($route), 24, 0x605, 1, 0) . $route;
  send($netlink, $request, 0, pack('SSLL', 16, 0, 0, 0)) or return "netlink: $!";
  defined(recv($netlink, my $answer, 4096, 0)) or return "netlink: $!";
  close $netlink;
  my ($type) = unpack('x4 S', $answer);
  return 'no acknowledgement' unless $type == 2 && length($answer) >= 20;
  my $error = unpack('l', substr($answer, 16, 4));
  return $error == 0 ? '' : 'error ' . -$error;
}

# The listening TCP sockets of this namespace, as lines "<inode> <address> <port>": a sock_diag dump
# (AF_NETLINK 16, SOCK_RAW 3, NETLINK_SOCK_DIAG 4; SOCK_DIAG_BY_FAMILY 20 with NLM_F_REQUEST|NLM_F_DUMP, states = TCP_LISTEN).
sub listening {
  my %found;
  for my $family (AF_INET, AF_INET6) {
    socket(my $netlink, 16, 3, 4) or return undef;
    my $request = pack('LSSLL CCCC L a48', 72, 20, 0x301, 1, 0, $family, 6, 0, 0, 1 << 10, '');
    send($netlink, $request, 0, pack('SSLL', 16, 0, 0, 0)) or return undef;
    DUMP: while (1) {
      defined(recv($netlink, my $buffer, 65536, 0)) or return undef;
      last unless length $buffer;
      my $at = 0;
      while ($at + 16 <= length $buffer) {
        my ($length, $type) = unpack('LS', substr($buffer, $at, 6));
        last DUMP if $type == 3 || $length < 16;
        return undef if $type == 2;
        if ($type == 20 && $length >= 16 + 72) {
          my $message = substr($buffer, $at + 16, 72);
          my ($messageFamily, $state) = unpack('CC', $message);
          my $address = inet_ntop($messageFamily, substr($message, 8, $messageFamily == AF_INET ? 4 : 16));
          my $port = unpack('n', substr($message, 4, 2));
          my $inode = unpack('L', substr($message, 68, 4));
          $found{$inode} = "$inode $address $port\n" if $state == 10;
        }
        $at += ($length + 3) & ~3;
      }
    }
    close $netlink;
  }
  return join('', map { $found{$_} } sort { $a <=> $b } keys %found);
}
`;
