// SPDX-License-Identifier: GPL-2.0
/*
 * cx4 Ethernet part: ring sizes, channel count and interrupt moderation
 * (ethtool -g/-G, -l/-L, -c/-C), and adaptive moderation with lib/dim.
 *
 * Ring sizes and the channel count are channel parameters: a change goes
 * through cx4_en_reconfigure(), which builds the new channels while the
 * old ones run and re-points steering at them; on any failure the old
 * channels, RSS table and queue counts stay.  Ring sizes are powers of
 * two (the WQ and CQ log_*_size fields, PRM 7.4.1, Table 139): a request
 * is rounded up to the next one, between 2^CX4_EN_MIN_LOG_RING and
 * 2^min(CX4_EN_MAX_LOG_RING, log_max_wq_sz, log_max_cq_sz).  The channel
 * count is 1 .. the completion vectors of the function.
 *
 * Moderation is the CQ's cq_period (microseconds, 12 bits) and
 * cq_max_count (16 bits) of PRM Table 139, set on the live CQs with
 * MODIFY_CQ (PRM 12.7.4) and given to every CQ created later.  With
 * adaptive moderation NAPI feeds lib/dim (net_dim()) one sample per
 * completed poll; a DIM decision runs the channel's work item, which
 * applies the chosen profile with MODIFY_CQ.
 *
 * ethtool calls these under RTNL, which serializes every change.
 */

#include <linux/dim.h>
#include <linux/ethtool.h>
#include <linux/log2.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/cx4/core.h>

#include "../compat.h"
#include "en.h"
#include "txrx.h"

/* DIM's start profile: the one net_dim_get_def_*_moderation() return. */
#define CX4_EN_DIM_START_IX	1
/* Largest cq_period and cq_max_count (PRM Table 139 field widths). */
#define CX4_EN_MAX_CQ_PERIOD	CX4_MAX(CQC, CQ_PERIOD)
#define CX4_EN_MAX_CQ_COUNT	CX4_MAX(CQC, CQ_MAX_COUNT)

/* --- ring sizes -------------------------------------------------------------- */

/*
 * The function's ring limit as HCA_CAP states it now: min(log_max_wq_sz,
 * log_max_cq_sz), one CQE a WQE.  It is queried again at every function
 * start, so a recovery may bring a different one.
 */
static u32 cx4_en_cap_log_ring(const struct cx4_en_priv *priv)
{
	struct cx4_en_limits lim;

	cx4_en_limits_get(priv, &lim);
	return lim.val[CX4_EN_LIM_LOG_RING];
}

/* Largest ring log size ethtool -G may ask for. */
static u32 cx4_en_max_log_ring(const struct cx4_en_priv *priv)
{
	return max_t(u32, cx4_en_cap_log_ring(priv), CX4_EN_MIN_LOG_RING);
}

/*
 * At attach and after a recovery: the rings of @params fit the limits the
 * function reports now (a CREATE_SQ/RQ/CQ beyond them is a guest error
 * the device refuses).  With @clamp the rings are made to fit instead of
 * refused.  Return: 0, or -EOPNOTSUPP when the function cannot hold even
 * the smallest ring we make, or -ERANGE when the rings do not fit.
 */
int cx4_en_params_fit_caps(struct cx4_en_priv *priv,
			   struct cx4_en_params *params, bool clamp)
{
	u32 log = cx4_en_cap_log_ring(priv);

	if (log < CX4_EN_MIN_LOG_RING) {
		netdev_err(priv->netdev, "the function's rings hold 2^%u entries, 2^%u needed\n",
			   log, CX4_EN_MIN_LOG_RING);
		return -EOPNOTSUPP;
	}
	if (clamp) {
		params->log_rq_size = min_t(u32, params->log_rq_size, log);
		params->log_sq_size = min_t(u32, params->log_sq_size, log);
	}
	if (params->log_rq_size > log || params->log_sq_size > log) {
		netdev_err(priv->netdev, "rings of 2^%u/2^%u (rx/tx) above the function's 2^%u\n",
			   params->log_rq_size, params->log_sq_size, log);
		return -ERANGE;
	}
	return 0;
}

void cx4_en_get_ringparam(struct net_device *netdev,
			  struct ethtool_ringparam *ring,
			  struct kernel_ethtool_ringparam *kring,
			  struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	u32 max = 1u << cx4_en_max_log_ring(priv);

	ring->rx_max_pending = max;
	ring->tx_max_pending = max;
	ring->rx_pending = 1u << priv->params.log_rq_size;
	ring->tx_pending = 1u << priv->params.log_sq_size;
}

/* log2 of @n rounded up to a power of two, or -EINVAL (extack). */
static int cx4_en_ring_log(struct cx4_en_priv *priv, const char *name, u32 n,
			   struct netlink_ext_ack *extack)
{
	u32 max = cx4_en_max_log_ring(priv);

	if (n < (1u << CX4_EN_MIN_LOG_RING) || n > (1u << max)) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "%s ring size %u out of range %u..%u",
				       name, n, 1u << CX4_EN_MIN_LOG_RING,
				       1u << max);
		return -EINVAL;
	}
	return order_base_2(n);
}

int cx4_en_set_ringparam(struct net_device *netdev,
			 struct ethtool_ringparam *ring,
			 struct kernel_ethtool_ringparam *kring,
			 struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_params params = priv->params;
	int rx, tx, err;

	if (ring->rx_mini_pending || ring->rx_jumbo_pending) {
		NL_SET_ERR_MSG_MOD(extack, "rx-mini and rx-jumbo rings do not exist");
		return -EINVAL;
	}
	rx = cx4_en_ring_log(priv, "rx", ring->rx_pending, extack);
	if (rx < 0)
		return rx;
	tx = cx4_en_ring_log(priv, "tx", ring->tx_pending, extack);
	if (tx < 0)
		return tx;
	if (rx == params.log_rq_size && tx == params.log_sq_size)
		return 0;
	params.log_rq_size = rx;
	params.log_sq_size = tx;
	err = cx4_en_reconfigure(priv, &params, NULL);
	if (err)
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "new rings not applied (%d): the old ones run",
				       err);
	return err;
}

/* --- channels ------------------------------------------------------------------ */

void cx4_en_get_channels(struct net_device *netdev,
			 struct ethtool_channels *ch)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	ch->max_combined = priv->max_channels;
	ch->combined_count = priv->params.num_channels;
}

/* The stack's queue counts follow the channels (switch step, RTNL). */
static int cx4_en_channels_switched(struct cx4_en_priv *priv,
				    const struct cx4_en_params *params)
{
	struct net_device *netdev = priv->netdev;
	u32 old = netdev->real_num_tx_queues;
	int err;

	err = netif_set_real_num_tx_queues(netdev, params->num_channels);
	if (err)
		return err;
	err = netif_set_real_num_rx_queues(netdev, params->num_channels);
	if (err && netif_set_real_num_tx_queues(netdev, old))
		netdev_err(netdev, "cannot restore %u TX queues\n", old);
	return err;
}

/*
 * The indirection table for @n channels into @indir: the default spread,
 * or the user's table (ethtool -X) if it only names channels below @n.
 */
static int cx4_en_indir_for(struct cx4_en_priv *priv, u32 n, u32 *indir)
{
	u32 i;

	if (!netif_is_rxfh_configured(priv->netdev)) {
		for (i = 0; i < CX4_EN_RSS_INDIR_SIZE; i++)
			indir[i] = ethtool_rxfh_indir_default(i, n);
		return 0;
	}
	for (i = 0; i < CX4_EN_RSS_INDIR_SIZE; i++) {
		if (priv->fs.rss_indir[i] >= n) {
			netdev_err(priv->netdev,
				   "%u channels: the RSS table (ethtool -X) uses channel %u; reset it first (ethtool -X %s default)\n",
				   n, priv->fs.rss_indir[i],
				   netdev_name(priv->netdev));
			return -EINVAL;
		}
		indir[i] = priv->fs.rss_indir[i];
	}
	return 0;
}

int cx4_en_set_channels(struct net_device *netdev,
			struct ethtool_channels *ch)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	struct cx4_en_params params = priv->params;
	u32 indir[CX4_EN_RSS_INDIR_SIZE], old[CX4_EN_RSS_INDIR_SIZE];
	u32 n = ch->combined_count;
	int err;

	if (!n || n > priv->max_channels || ch->rx_count || ch->tx_count ||
	    ch->other_count) {
		netdev_err(netdev, "combined channels %u: only 1..%u combined channels\n",
			   n, priv->max_channels);
		return -EINVAL;
	}
	if (n == params.num_channels)
		return 0;
	if ((int)n <= cx4_en_nt_max_queue(priv)) {
		netdev_err(netdev, "combined channels %u: ntuple rule to queue %d (ethtool -n %s; delete it first)\n",
			   n, cx4_en_nt_max_queue(priv), netdev->name);
		return -EINVAL;
	}
	if ((int)n <= cx4_en_rss_ctx_max_queue(priv)) {
		netdev_err(netdev, "combined channels %u: an RSS context uses channel %d (ethtool -x %s context N; change or delete it first)\n",
			   n, cx4_en_rss_ctx_max_queue(priv), netdev->name);
		return -EINVAL;
	}
	err = cx4_en_indir_for(priv, n, indir);
	if (err)
		return err;
	memcpy(old, priv->fs.rss_indir, sizeof(old));
	memcpy(priv->fs.rss_indir, indir, sizeof(indir));
	params.num_channels = n;
	err = cx4_en_reconfigure(priv, &params, cx4_en_channels_switched);
	if (!err)
		return 0;
	/* The old channels run: their RQT gets the old table back. */
	memcpy(priv->fs.rss_indir, old, sizeof(old));
	if (priv->chs && cx4_en_rss_redirect(priv, priv->channels,
					     priv->num_channels))
		netdev_err(netdev, "cannot restore the RSS table\n");
	netdev_err(netdev, "%u channels not applied: %d\n", n, err);
	return err;
}

/* --- moderation ------------------------------------------------------------ */

/*
 * The defaults where the device moderates CQs (HCA_CAP cq_moderation),
 * those of Debian's 6.12 mlx5_core on this device (ethtool -c under both,
 * VM test mlx5_dropin): adaptive moderation (lib/dim) on in both
 * directions, starting from DIM's default profile, which ethtool -c
 * shows as the static values too (rx 8 us / 128 and tx 8 us / 128 on
 * 6.12); DIM moves the CQs between its profiles by the rate NAPI sees
 * -- lower latency when idle, fewer interrupts under load -- for one
 * MODIFY_CQ per profile change.  Without cq_moderation everything is
 * off (0, 0, no DIM).
 *
 * Where the period restarts (CQC cq_period_mode; ethtool -C cqe-mode-rx
 * and cqe-mode-tx): at each completion on RX where the device can
 * (HCA_CAP cq_period_start_from_cqe) -- a steady stream of frames closer
 * together than the period then waits for cq_max_count or a gap, fewer
 * interrupts under load -- and at each event on TX, as mlx5_core.
 * lib/dim counts periods the way the CQs do and picks from that mode's
 * profiles.  A change of mode is a channel parameter (new CQs,
 * cx4_en_reconfigure()).
 */
static bool cx4_en_cap_cq_moderation(const struct cx4_en_priv *priv)
{
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_GENERAL);

	return cap && CX4_GET(CAP, cap, CQ_MODERATION);
}

/* Can the device restart a CQ's period at each CQE (cqe-mode-rx/tx)? */
static bool cx4_en_cap_cqe_moder(const struct cx4_en_priv *priv)
{
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_GENERAL);

	return cap && CX4_GET(CAP, cap, CQ_PERIOD_START_FROM_CQE);
}

static u8 cx4_en_dim_mode(bool from_cqe)
{
	return from_cqe ? DIM_CQ_PERIOD_MODE_START_FROM_CQE :
			  DIM_CQ_PERIOD_MODE_START_FROM_EQE;
}

void cx4_en_coal_defaults(struct cx4_en_priv *priv)
{
	bool on = cx4_en_cap_cq_moderation(priv);
	bool rx_cqe = on && cx4_en_cap_cqe_moder(priv);
	struct dim_cq_moder rx, tx;

	rx = net_dim_get_def_rx_moderation(cx4_en_dim_mode(rx_cqe));
	tx = net_dim_get_def_tx_moderation(cx4_en_dim_mode(false));
	priv->rx_coal = (struct cx4_en_coal){
		.usecs = on ? rx.usec : 0,
		.frames = on ? rx.pkts : 0,
		.adaptive = on,
	};
	priv->tx_coal = (struct cx4_en_coal){
		.usecs = on ? tx.usec : 0,
		.frames = on ? tx.pkts : 0,
		.adaptive = on,
	};
	priv->params.rx_cqe_moder = rx_cqe;
	priv->params.tx_cqe_moder = false;
}

/*
 * After a recovery: a function that no longer moderates CQs would
 * refuse every CQ with moderation; it runs without.
 */
static bool cx4_en_coal_is_off(const struct cx4_en_coal *c)
{
	return !c->usecs && !c->frames && !c->adaptive;
}

void cx4_en_coal_fit_caps(struct cx4_en_priv *priv)
{
	if ((priv->params.rx_cqe_moder || priv->params.tx_cqe_moder) &&
	    !cx4_en_cap_cqe_moder(priv)) {
		netdev_warn(priv->netdev, "no cq_period_start_from_cqe after recovery: CQE mode off\n");
		priv->params.rx_cqe_moder = false;
		priv->params.tx_cqe_moder = false;
	}
	if (cx4_en_cap_cq_moderation(priv) ||
	    (cx4_en_coal_is_off(&priv->rx_coal) &&
	     cx4_en_coal_is_off(&priv->tx_coal)))
		return;
	netdev_warn(priv->netdev, "no CQ moderation after recovery: interrupt moderation off\n");
	priv->rx_coal = (struct cx4_en_coal){};
	priv->tx_coal = (struct cx4_en_coal){};
}

void cx4_en_coal_initial(const struct cx4_en_coal *coal, bool from_cqe,
			 bool tx, u16 *usecs, u16 *frames)
{
	u8 mode = cx4_en_dim_mode(from_cqe);
	struct dim_cq_moder m;

	if (!coal->adaptive) {
		*usecs = coal->usecs;
		*frames = coal->frames;
		return;
	}
	m = tx ? net_dim_get_def_tx_moderation(mode) :
		 net_dim_get_def_rx_moderation(mode);
	*usecs = m.usec;
	*frames = m.pkts;
}

int cx4_en_get_coalesce(struct net_device *netdev,
			struct ethtool_coalesce *ec,
			struct kernel_ethtool_coalesce *kec,
			struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);

	ec->rx_coalesce_usecs = priv->rx_coal.usecs;
	ec->rx_max_coalesced_frames = priv->rx_coal.frames;
	ec->use_adaptive_rx_coalesce = priv->rx_coal.adaptive;
	ec->tx_coalesce_usecs = priv->tx_coal.usecs;
	ec->tx_max_coalesced_frames = priv->tx_coal.frames;
	ec->use_adaptive_tx_coalesce = priv->tx_coal.adaptive;
	kec->use_cqe_mode_rx = priv->params.rx_cqe_moder;
	kec->use_cqe_mode_tx = priv->params.tx_cqe_moder;
	return 0;
}

/* @ec's settings of one direction, or -EINVAL naming the limit. */
static int cx4_en_coal_from(struct cx4_en_coal *c, const char *dir, u32 usecs,
			    u32 frames, u32 adaptive,
			    struct netlink_ext_ack *extack)
{
	if (usecs > CX4_EN_MAX_CQ_PERIOD) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "%s-usecs %u above the CQ period limit %u",
				       dir, usecs, CX4_EN_MAX_CQ_PERIOD);
		return -EINVAL;
	}
	if (frames > CX4_EN_MAX_CQ_COUNT) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "%s-frames %u above the CQ max_count limit %u",
				       dir, frames, CX4_EN_MAX_CQ_COUNT);
		return -EINVAL;
	}
	c->usecs = usecs;
	c->frames = frames;
	c->adaptive = !!adaptive;
	return 0;
}

/*
 * MODIFY_CQ of the RX or TX CQ of channels [0, @n) to @c's start values;
 * *@done: the channels changed.
 */
static int cx4_en_coal_apply(struct cx4_en_priv *priv, bool tx,
			     const struct cx4_en_coal *c, u32 n, u32 *done)
{
	u16 usecs, frames;
	int err;

	cx4_en_coal_initial(c, tx ? priv->params.tx_cqe_moder :
				    priv->params.rx_cqe_moder,
			    tx, &usecs, &frames);
	for (*done = 0; *done < n; (*done)++) {
		struct cx4_en_channel *ch = priv->channels[*done];

		err = cx4_cq_moderate(tx ? ch->sq.cq : ch->rq.cq, usecs, frames);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Switch one direction to @new.  DIM is stopped first (its work would
 * overwrite the static values); a failure puts the old moderation back
 * on the CQs already changed.
 */
static int cx4_en_coal_switch(struct cx4_en_priv *priv, bool tx,
			      const struct cx4_en_coal *new,
			      struct netlink_ext_ack *extack)
{
	struct cx4_en_coal *cur = tx ? &priv->tx_coal : &priv->rx_coal;
	u32 n = priv->chs ? priv->num_channels : 0;
	struct cx4_en_coal old = *cur;
	u32 i, done;
	int err;

	if (new->usecs == cur->usecs && new->frames == cur->frames &&
	    new->adaptive == cur->adaptive)
		return 0;
	WRITE_ONCE(cur->adaptive, false);
	for (i = 0; i < n; i++) {
		struct cx4_en_channel *ch = priv->channels[i];

		cancel_work_sync(tx ? &ch->tx_dim.work : &ch->rx_dim.work);
	}
	err = cx4_en_coal_apply(priv, tx, new, n, &done);
	if (err) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "MODIFY_CQ of %s CQ %u failed (%d): old moderation kept",
				       tx ? "TX" : "RX", done, err);
		if (cx4_en_coal_apply(priv, tx, &old, done, &i))
			netdev_err(priv->netdev, "cannot restore the moderation\n");
		cur->usecs = old.usecs;
		cur->frames = old.frames;
		WRITE_ONCE(cur->adaptive, old.adaptive);
		return err;
	}
	cur->usecs = new->usecs;
	cur->frames = new->frames;
	WRITE_ONCE(cur->adaptive, new->adaptive);
	return 0;
}

/*
 * cqe-mode-rx/-tx changed (the private flags rx/tx_cqe_moder): new
 * channels whose CQs take @rx and @tx in the new period mode, built
 * while the old ones run; on failure the old channels and moderation
 * stay.  DIM's work on the old channels may still apply a profile to
 * them meanwhile: harmless, they go.
 */
static int cx4_en_coal_rebuild(struct cx4_en_priv *priv,
			       const struct cx4_en_coal *rx,
			       const struct cx4_en_coal *tx,
			       const struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct cx4_en_coal old_rx = priv->rx_coal, old_tx = priv->tx_coal;
	struct cx4_en_params params = priv->params;
	int err;

	if (((kec->use_cqe_mode_rx && !params.rx_cqe_moder) ||
	     (kec->use_cqe_mode_tx && !params.tx_cqe_moder)) &&
	    !cx4_en_cap_cqe_moder(priv)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the device cannot restart the moderation period at each completion (HCA_CAP.cq_period_start_from_cqe 0)");
		return -EOPNOTSUPP;
	}
	params.rx_cqe_moder = kec->use_cqe_mode_rx;
	params.tx_cqe_moder = kec->use_cqe_mode_tx;
	priv->rx_coal = *rx;
	priv->tx_coal = *tx;
	err = cx4_en_reconfigure(priv, &params, NULL);
	if (err) {
		priv->rx_coal = old_rx;
		priv->tx_coal = old_tx;
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "new channels for the CQE period mode failed (%d): the old ones run",
				       err);
	}
	return err;
}

int cx4_en_set_coalesce(struct net_device *netdev,
			struct ethtool_coalesce *ec,
			struct kernel_ethtool_coalesce *kec,
			struct netlink_ext_ack *extack)
{
	struct cx4_en_priv *priv = netdev_priv(netdev);
	const void *cap = cx4_core_cap(priv->core, CX4_CAP_GENERAL);
	struct cx4_en_coal rx, tx, old_rx = priv->rx_coal;
	int err;

	err = cx4_en_coal_from(&rx, "rx", ec->rx_coalesce_usecs,
			       ec->rx_max_coalesced_frames,
			       ec->use_adaptive_rx_coalesce, extack);
	if (err)
		return err;
	err = cx4_en_coal_from(&tx, "tx", ec->tx_coalesce_usecs,
			       ec->tx_max_coalesced_frames,
			       ec->use_adaptive_tx_coalesce, extack);
	if (err)
		return err;
	if ((rx.usecs || rx.frames || rx.adaptive || tx.usecs || tx.frames ||
	     tx.adaptive) && !(cap && CX4_GET(CAP, cap, CQ_MODERATION))) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the device has no CQ moderation (HCA_CAP.cq_moderation 0)");
		return -EOPNOTSUPP;
	}
	if (!!kec->use_cqe_mode_rx != priv->params.rx_cqe_moder ||
	    !!kec->use_cqe_mode_tx != priv->params.tx_cqe_moder)
		return cx4_en_coal_rebuild(priv, &rx, &tx, kec, extack);
	err = cx4_en_coal_switch(priv, false, &rx, extack);
	if (err)
		return err;
	err = cx4_en_coal_switch(priv, true, &tx, extack);
	if (err && cx4_en_coal_switch(priv, false, &old_rx, NULL))
		netdev_err(netdev, "cannot restore the RX moderation\n");
	return err;
}

/* --- lib/dim ------------------------------------------------------------------- */

/* Apply DIM's profile choice to the channel's CQ: process context. */
static void cx4_en_dim_apply(struct dim *dim, struct cx4_en_channel *ch,
			     bool tx)
{
	struct cx4_en_priv *priv = ch->priv;
	struct cx4_en_coal *c = tx ? &priv->tx_coal : &priv->rx_coal;
	struct dim_cq_moder m;
	int err;

	if (!READ_ONCE(c->adaptive))
		goto out;
	m = tx ? net_dim_get_tx_moderation(dim->mode, dim->profile_ix) :
		 net_dim_get_rx_moderation(dim->mode, dim->profile_ix);
	err = cx4_cq_moderate(tx ? ch->sq.cq : ch->rq.cq, m.usec, m.pkts);
	if (err)
		net_warn_ratelimited("%s: channel %u: %s DIM moderation %u us / %u not applied: %d\n",
				     netdev_name(priv->netdev), ch->ix,
				     tx ? "TX" : "RX", m.usec, m.pkts, err);
out:
	dim->state = DIM_START_MEASURE;
}

static void cx4_en_rx_dim_work(struct work_struct *work)
{
	struct dim *dim = container_of(work, struct dim, work);

	cx4_en_dim_apply(dim, container_of(dim, struct cx4_en_channel, rx_dim),
			 false);
}

static void cx4_en_tx_dim_work(struct work_struct *work)
{
	struct dim *dim = container_of(work, struct dim, work);

	cx4_en_dim_apply(dim, container_of(dim, struct cx4_en_channel, tx_dim),
			 true);
}

void cx4_en_dim_init(struct cx4_en_channel *ch,
		     const struct cx4_en_params *params)
{
	INIT_WORK(&ch->rx_dim.work, cx4_en_rx_dim_work);
	INIT_WORK(&ch->tx_dim.work, cx4_en_tx_dim_work);
	ch->rx_dim.mode = cx4_en_dim_mode(params->rx_cqe_moder);
	ch->tx_dim.mode = cx4_en_dim_mode(params->tx_cqe_moder);
	ch->rx_dim.profile_ix = CX4_EN_DIM_START_IX;
	ch->tx_dim.profile_ix = CX4_EN_DIM_START_IX;
}

/* After a completed NAPI poll: one sample per adaptive direction. */
void cx4_en_dim_sample(struct cx4_en_channel *ch)
{
	struct cx4_en_priv *priv = ch->priv;
	struct dim_sample s;

	if (READ_ONCE(priv->rx_coal.adaptive)) {
		const struct cx4_en_rq_stats *rs = ch->rq.stats;

		dim_update_sample(ch->events,
				  u64_stats_read(&rs->c[CX4_EN_RQ_PACKETS]),
				  u64_stats_read(&rs->c[CX4_EN_RQ_BYTES]), &s);
		net_dim(&ch->rx_dim, s);
	}
	if (READ_ONCE(priv->tx_coal.adaptive)) {
		const struct cx4_en_sq_stats *ss = ch->sq.stats;

		dim_update_sample(ch->events,
				  u64_stats_read(&ss->c[CX4_EN_SQ_PACKETS]),
				  u64_stats_read(&ss->c[CX4_EN_SQ_BYTES]), &s);
		net_dim(&ch->tx_dim, s);
	}
}

/* NAPI disabled: wait for a pending profile change before the CQs go. */
void cx4_en_dim_cancel(struct cx4_en_channel *ch)
{
	cancel_work_sync(&ch->rx_dim.work);
	cancel_work_sync(&ch->tx_dim.work);
}
