/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * QEMU glue of the emulated ConnectX-4 / ConnectX-4 Lx PCIe function
 * ("-device cx4").  All device behaviour lives in the QEMU-free core
 * (core/, see core/cx4dev.h); this file only wires it to QEMU 7.2:
 * PCI config space and capabilities, BAR0, MSI-X, DMA, the virtual
 * clock timer, the netdev backend, reset/FLR and the log file.
 * Interface and properties: Documentation/device-model.md.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/range.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/pci/pci.h"
#include "hw/pci/pcie.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "net/net.h"

#include <linux/cx4/prm_pci.h>

#include "core/cx4dev.h"

#define TYPE_CX4 "cx4"
OBJECT_DECLARE_SIMPLE_TYPE(CX4State, CX4)

/* Config space layout and BAR0 MSI-X placement. */
#define CX4_PM_CAP_OFF		0x40
#define CX4_PCIE_CAP_OFF	0x60
#define CX4_MSIX_CAP_OFF	0xa0
#define CX4_VSC_CAP_OFF		0xc0	/* vendor-specific (beyond PRM rev 0.40) */
#define CX4_MSIX_TABLE_OFF	0x2000
#define CX4_MSIX_PBA_OFF	0x3000
#define CX4_MSIX_MAX_VECTORS	((CX4_MSIX_PBA_OFF - CX4_MSIX_TABLE_OFF) / PCI_MSIX_ENTRY_SIZE)

struct CX4State {
	PCIDevice parent_obj;

	MemoryRegion bar0;		/* container: core MMIO + MSI-X table/PBA */
	MemoryRegion mmio;
	QEMUTimer *timer;
	NICState *nic;
	NICConf conf;
	FILE *log;
	struct cx4dev *core;

	/* Properties. */
	bool lx;
	bool debug_ctl;
	bool trace_cmds;
	bool cmd_trace;
	uint32_t msix_vectors;
	uint32_t init_delay_ms;
	uint32_t boot_pages;
	uint32_t init_pages;
	uint32_t regular_pages;
	char *caps_off;
	char *caps_on;
	char *log_path;
	struct cx4dev_knobs knobs;
	uint32_t hostile;		/* hostile-device mode action mask */
	uint32_t hostile_seed;
};

/* ---- core callbacks ---- */

static bool cx4_bus_master(CX4State *s)
{
	return pci_get_word(s->parent_obj.config + PCI_COMMAND) & PCI_COMMAND_MASTER;
}

static void cx4_log_line(void *opaque, const char *line)
{
	CX4State *s = opaque;

	if (s->log) {
		fprintf(s->log, "%s\n", line);
		fflush(s->log);
	}
	if (strstr(line, "guest-error: ")) {
		qemu_log_mask(LOG_GUEST_ERROR, "%s\n", line);
	}
}

static int cx4_dma_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
	CX4State *s = opaque;

	if (!cx4_bus_master(s)) {
		cx4_log_line(s, "cx4: DMA read blocked: Bus Master Enable is off (PRM 8.1)");
		return -1;
	}
	if (pci_dma_read(&s->parent_obj, addr, buf, len) != MEMTX_OK) {
		cx4dev_dma_fault(s->core, false, addr, len);
		return -1;
	}
	return 0;
}

static int cx4_dma_write(void *opaque, uint64_t addr, const void *buf, size_t len)
{
	CX4State *s = opaque;

	if (!cx4_bus_master(s)) {
		cx4_log_line(s, "cx4: DMA write blocked: Bus Master Enable is off (PRM 8.1)");
		return -1;
	}
	if (pci_dma_write(&s->parent_obj, addr, buf, len) != MEMTX_OK) {
		cx4dev_dma_fault(s->core, true, addr, len);
		return -1;
	}
	return 0;
}

static void cx4_msix_notify(void *opaque, unsigned vector)
{
	CX4State *s = opaque;

	if (msix_enabled(&s->parent_obj)) {
		msix_notify(&s->parent_obj, vector);
	}
}

static void cx4_transmit(void *opaque, const void *frame, size_t len)
{
	CX4State *s = opaque;

	qemu_send_packet(qemu_get_queue(s->nic), frame, len);
}

static void cx4_timer_arm(void *opaque, uint64_t deadline_ns)
{
	CX4State *s = opaque;

	if (deadline_ns == CX4DEV_NO_DEADLINE) {
		timer_del(s->timer);
	} else {
		timer_mod(s->timer, (int64_t)deadline_ns);
	}
}

static uint64_t cx4_now_ns(void *opaque)
{
	return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static void cx4_port_signal(void *opaque, bool on);

static const struct cx4dev_ops cx4_core_ops = {
	.dma_read = cx4_dma_read,
	.dma_write = cx4_dma_write,
	.msix_notify = cx4_msix_notify,
	.transmit = cx4_transmit,
	.timer_arm = cx4_timer_arm,
	.now_ns = cx4_now_ns,
	.log = cx4_log_line,
	.port_signal = cx4_port_signal,
};

static void cx4_timer_cb(void *opaque)
{
	CX4State *s = opaque;

	cx4dev_timer_expired(s->core);
}

/* ---- BAR0 ---- */

static uint64_t cx4_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
	CX4State *s = opaque;

	return cx4dev_mmio_read(s->core, addr, size);
}

static void cx4_mmio_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
	CX4State *s = opaque;

	cx4dev_mmio_write(s->core, addr, val, size);
}

/* The PRM lays registers out big-endian; the core takes BE byte order. */
static const MemoryRegionOps cx4_mmio_ops = {
	.read = cx4_mmio_read,
	.write = cx4_mmio_write,
	.endianness = DEVICE_BIG_ENDIAN,
	.valid = { .min_access_size = 1, .max_access_size = 8 },
	.impl = { .min_access_size = 1, .max_access_size = 8 },
};

/* ---- netdev ---- */

static bool cx4_nc_can_receive(NetClientState *nc)
{
	CX4State *s = qemu_get_nic_opaque(nc);

	return cx4dev_can_receive(s->core);
}

static ssize_t cx4_nc_receive(NetClientState *nc, const uint8_t *buf, size_t size)
{
	CX4State *s = qemu_get_nic_opaque(nc);

	return cx4dev_receive(s->core, buf, size);
}

/* Backend link (monitor set_link, cable): the port's physical link. */
static void cx4_nc_link_status_changed(NetClientState *nc)
{
	CX4State *s = qemu_get_nic_opaque(nc);

	cx4dev_link_set(s->core, nc->link_down ? 0 : 1);
}

static NetClientInfo cx4_net_info = {
	.type = NET_CLIENT_DRIVER_NIC,
	.size = sizeof(NICState),
	.can_receive = cx4_nc_can_receive,
	.receive = cx4_nc_receive,
	.link_status_changed = cx4_nc_link_status_changed,
};

/*
 * The cable.  The VM runner cables two functions through a QEMU hub of
 * two ports (-netdev hubport,hubid=N): the far end of a function's cable
 * is the other NIC on its hub, when it is the only other NIC there and a
 * cx4.  QEMU's link status (set_link) only reaches the NIC whose netdev
 * it names, and a hub passes no link state on, so the core tells the far
 * end itself (ops->port_signal -> cx4dev_peer_signal): a port disabled
 * (PAOS) or unplugged takes the link down at both ends.
 */
struct cx4_peer_search {
	CX4State *self;
	int hub;
	int nics;		/* other NICs on the hub */
	CX4State *found;	/* the last of them that is a cx4 */
};

static void cx4_peer_visit(NICState *nic, void *opaque)
{
	struct cx4_peer_search *ps = opaque;
	NetClientState *nc = qemu_get_queue(nic);
	int hub;

	if (nic == ps->self->nic || net_hub_id_for_client(nc, &hub) || hub != ps->hub) {
		return;
	}
	ps->nics++;
	if (nc->info == &cx4_net_info) {
		ps->found = qemu_get_nic_opaque(nc);
	}
}

static CX4State *cx4_cable_peer(CX4State *s)
{
	struct cx4_peer_search ps = { .self = s };

	if (!s->nic || net_hub_id_for_client(qemu_get_queue(s->nic), &ps.hub)) {
		return NULL;
	}
	qemu_foreach_nic(cx4_peer_visit, &ps);
	return ps.nics == 1 ? ps.found : NULL;
}

static void cx4_port_signal(void *opaque, bool on)
{
	CX4State *peer = cx4_cable_peer(opaque);

	if (peer && peer->core) {
		cx4dev_peer_signal(peer->core, on);
	}
}

/* ---- PCI ---- */

static int cx4_add_pm_cap(PCIDevice *pdev, Error **errp)
{
	int off = pci_add_capability(pdev, PCI_CAP_ID_PM, CX4_PM_CAP_OFF, PCI_PM_SIZEOF, errp);

	if (off < 0) {
		return off;
	}
	pci_set_word(pdev->config + off + PCI_PM_PMC, PCI_PM_CAP_VER_1_2);
	pci_set_word(pdev->config + off + PCI_PM_CTRL, PCI_PM_CTRL_NO_SOFT_RESET);
	pci_set_word(pdev->wmask + off + PCI_PM_CTRL, PCI_PM_CTRL_STATE_MASK);
	return 0;
}

/* The vendor-specific capability; its registers live in the core. */
static int cx4_add_vsc_cap(PCIDevice *pdev, Error **errp)
{
	int off = pci_add_capability(pdev, PCI_CAP_ID_VNDR, CX4_VSC_CAP_OFF, CX4DEV_VSC_SIZE,
				     errp);

	if (off < 0) {
		return off;
	}
	pdev->config[off + PCI_CAP_FLAGS] = CX4DEV_VSC_SIZE;	/* length */
	return 0;
}

/* Dword offset of a config access inside the VSC registers, or 0. */
static uint32_t cx4_vsc_reg(uint32_t addr, int len)
{
	if (len != 4 || (addr & 3) || addr < CX4_VSC_CAP_OFF + 4 ||
	    addr >= CX4_VSC_CAP_OFF + CX4DEV_VSC_SIZE) {
		return 0;
	}
	return addr - CX4_VSC_CAP_OFF;
}

static bool cx4_open_log(CX4State *s, Error **errp)
{
	if (!s->log_path || !*s->log_path) {
		return true;
	}
	s->log = fopen(s->log_path, "a");
	if (!s->log) {
		error_setg_errno(errp, errno, "cx4: cannot open log file '%s'", s->log_path);
		return false;
	}
	return true;
}

static bool cx4_make_config(CX4State *s, struct cx4dev_config *cfg, Error **errp)
{
	char err[128];

	cx4dev_config_init(cfg);
	cfg->lx = s->lx;
	cfg->debug_ctl = s->debug_ctl;
	cfg->trace_cmds = s->trace_cmds;
	cfg->init_delay_ms = s->init_delay_ms;
	cfg->boot_pages = s->boot_pages;
	cfg->init_pages = s->init_pages;
	cfg->regular_pages = s->regular_pages;
	cfg->msix_vectors = s->msix_vectors;
	cfg->knobs = s->knobs;
	cfg->cmd_trace = s->cmd_trace;
	if (s->hostile & ~((1u << CX4DEV_HOSTILE_NUM) - 1)) {
		error_setg(errp, "cx4: hostile=0x%x: only action bits 0x%x are defined", s->hostile,
			   (1u << CX4DEV_HOSTILE_NUM) - 1);
		return false;
	}
	cfg->hostile = s->hostile;
	cfg->hostile_seed = s->hostile_seed;
	/* cmd-trace function name: the qdev id, else the slot.function. */
	if (DEVICE(s)->id) {
		snprintf(cfg->fn_id, sizeof(cfg->fn_id), "%s", DEVICE(s)->id);
	} else {
		snprintf(cfg->fn_id, sizeof(cfg->fn_id), "%02x.%x",
			 PCI_SLOT(s->parent_obj.devfn), PCI_FUNC(s->parent_obj.devfn));
	}
	memcpy(cfg->mac, s->conf.macaddr.a, sizeof(cfg->mac));
	if (cx4dev_parse_caps_off(s->caps_off, &cfg->caps_off, err, sizeof(err)) < 0 ||
	    cx4dev_parse_caps_on(s->caps_on, &cfg->caps_on, err, sizeof(err)) < 0) {
		error_setg(errp, "%s", err);
		return false;
	}
	return true;
}

static bool cx4_init_msix(CX4State *s, Error **errp)
{
	PCIDevice *pdev = &s->parent_obj;

	if (s->msix_vectors < 1 || s->msix_vectors > CX4_MSIX_MAX_VECTORS) {
		error_setg(errp, "cx4: msix-vectors must be 1..%u", (unsigned)CX4_MSIX_MAX_VECTORS);
		return false;
	}
	if (msix_init(pdev, s->msix_vectors, &s->bar0, 0, CX4_MSIX_TABLE_OFF, &s->bar0, 0,
		      CX4_MSIX_PBA_OFF, CX4_MSIX_CAP_OFF, errp) < 0) {
		return false;
	}
	for (unsigned i = 0; i < s->msix_vectors; i++) {
		msix_vector_use(pdev, i);
	}
	return true;
}

static void cx4_realize(PCIDevice *pdev, Error **errp)
{
	CX4State *s = CX4(pdev);
	struct cx4dev_config cfg;

	qemu_macaddr_default_if_unset(&s->conf.macaddr);
	if (!cx4_make_config(s, &cfg, errp) || !cx4_open_log(s, errp)) {
		return;
	}
	pci_config_set_device_id(pdev->config, s->lx ? CX4_PCI_DEV_CX4LX : CX4_PCI_DEV_CX4);
	pci_set_word(pdev->config + PCI_SUBSYSTEM_VENDOR_ID, CX4_PCI_VENDOR_MELLANOX);
	pci_set_word(pdev->config + PCI_SUBSYSTEM_ID, s->lx ? CX4_PCI_DEV_CX4LX : CX4_PCI_DEV_CX4);
	pdev->config[PCI_INTERRUPT_PIN] = 1;

	if (cx4_add_pm_cap(pdev, errp) < 0 || cx4_add_vsc_cap(pdev, errp) < 0) {
		goto fail_log;
	}
	if (pci_is_express(pdev)) {
		if (pcie_endpoint_cap_init(pdev, CX4_PCIE_CAP_OFF) < 0) {
			error_setg(errp, "cx4: cannot add the PCI Express capability");
			goto fail_log;
		}
		pcie_cap_flr_init(pdev);
	}

	memory_region_init(&s->bar0, OBJECT(s), "cx4-bar0", CX4_BAR0_SIZE);
	memory_region_init_io(&s->mmio, OBJECT(s), &cx4_mmio_ops, s, "cx4-mmio", CX4_BAR0_SIZE);
	/* Below the MSI-X table and PBA, which msix_init() maps on top. */
	memory_region_add_subregion_overlap(&s->bar0, 0, &s->mmio, -1);
	pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY | PCI_BASE_ADDRESS_MEM_TYPE_64 |
			 PCI_BASE_ADDRESS_MEM_PREFETCH, &s->bar0);
	if (!cx4_init_msix(s, errp)) {
		goto fail_pcie;
	}

	s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, cx4_timer_cb, s);
	/* Debian's 7.2 carries the upstream reentrancy-guard argument. */
	s->nic = qemu_new_nic(&cx4_net_info, &s->conf, object_get_typename(OBJECT(s)),
			      DEVICE(s)->id, &DEVICE(s)->mem_reentrancy_guard, s);
	qemu_format_nic_info_str(qemu_get_queue(s->nic), s->conf.macaddr.a);

	s->core = cx4dev_create(&cx4_core_ops, s, &cfg);
	if (!s->core) {
		error_setg(errp, "cx4: out of memory");
		goto fail_nic;
	}
	cx4dev_bus_master_set(s->core, cx4_bus_master(s));
	return;

fail_nic:
	qemu_del_nic(s->nic);
	timer_free(s->timer);
	msix_uninit(pdev, &s->bar0, &s->bar0);
fail_pcie:
	if (pci_is_express(pdev)) {
		pcie_cap_exit(pdev);
	}
fail_log:
	if (s->log) {
		fclose(s->log);
		s->log = NULL;
	}
}

static void cx4_exit(PCIDevice *pdev)
{
	CX4State *s = CX4(pdev);
	CX4State *peer = cx4_cable_peer(s);

	/* Unplugged: nothing transmits at the far end's cable any more. */
	if (peer && peer->core) {
		cx4dev_peer_signal(peer->core, false);
	}
	cx4dev_destroy(s->core);
	s->core = NULL;
	timer_free(s->timer);
	qemu_del_nic(s->nic);
	msix_uninit(pdev, &s->bar0, &s->bar0);
	if (pci_is_express(pdev)) {
		pcie_cap_exit(pdev);
	}
	if (s->log) {
		fclose(s->log);
		s->log = NULL;
	}
}

static uint32_t cx4_read_config(PCIDevice *pdev, uint32_t addr, int len)
{
	CX4State *s = CX4(pdev);
	uint32_t reg = cx4_vsc_reg(addr, len);

	if (reg && s->core) {
		return cx4dev_vsc_read(s->core, reg);
	}
	return pci_default_read_config(pdev, addr, len);
}

static void cx4_write_config(PCIDevice *pdev, uint32_t addr, uint32_t val, int len)
{
	CX4State *s = CX4(pdev);
	uint32_t reg = cx4_vsc_reg(addr, len);

	if (reg && s->core) {
		cx4dev_vsc_write(s->core, reg, val);
		return;
	}
	pci_default_write_config(pdev, addr, val, len);
	if (s->core && ranges_overlap(addr, len, PCI_COMMAND, 2)) {
		cx4dev_bus_master_set(s->core, cx4_bus_master(s));
	}
	if (pci_is_express(pdev)) {
		pcie_cap_flr_write_config(pdev, addr, val, len);
	}
}

static void cx4_qdev_reset(DeviceState *dev)
{
	CX4State *s = CX4(dev);
	PCIDevice *pdev = &s->parent_obj;
	bool flr = pci_is_express(pdev) &&
		   (pci_get_word(pdev->config + pdev->exp.exp_cap + PCI_EXP_DEVCTL) &
		    PCI_EXP_DEVCTL_BCR_FLR);

	if (s->core) {
		cx4dev_reset(s->core, flr ? CX4DEV_RESET_FLR : CX4DEV_RESET_SYSTEM);
		/* Reset clears the command register (after this callback). */
		cx4dev_bus_master_set(s->core, false);
	}
}

static void cx4_get_guest_errors(Object *obj, Visitor *v, const char *name, void *opaque,
				 Error **errp)
{
	CX4State *s = CX4(obj);
	uint64_t n = s->core ? cx4dev_counter(s->core, CX4DEV_CNT_GUEST_ERRORS) : 0;

	visit_type_uint64(v, name, &n, errp);
}

static void cx4_instance_init(Object *obj)
{
	object_property_add(obj, "guest-errors", "uint64", cx4_get_guest_errors, NULL, NULL,
			    NULL);
}

static Property cx4_properties[] = {
	DEFINE_NIC_PROPERTIES(CX4State, conf),
	DEFINE_PROP_BOOL("lx", CX4State, lx, false),
	DEFINE_PROP_UINT32("msix-vectors", CX4State, msix_vectors, 64),
	DEFINE_PROP_UINT32("init-delay-ms", CX4State, init_delay_ms, 200),
	DEFINE_PROP_UINT32("boot-pages", CX4State, boot_pages, 16),
	DEFINE_PROP_UINT32("init-pages", CX4State, init_pages, 32),
	DEFINE_PROP_UINT32("regular-pages", CX4State, regular_pages, 0),
	DEFINE_PROP_STRING("caps-off", CX4State, caps_off),
	DEFINE_PROP_STRING("caps-on", CX4State, caps_on),
	DEFINE_PROP_STRING("log", CX4State, log_path),
	DEFINE_PROP_BOOL("trace-cmds", CX4State, trace_cmds, true),
	DEFINE_PROP_BOOL("cmd-trace", CX4State, cmd_trace, false),
	DEFINE_PROP_BOOL("debug-ctl", CX4State, debug_ctl, false),
	DEFINE_PROP_UINT32("fail-nth", CX4State, knobs.fail_nth, 0),
	DEFINE_PROP_UINT32("fail-opcode", CX4State, knobs.fail_opcode, 0),
	DEFINE_PROP_UINT32("fail-opcode-count", CX4State, knobs.fail_opcode_count, 0),
	DEFINE_PROP_UINT32("fail-status", CX4State, knobs.fail_status, 0),
	DEFINE_PROP_UINT32("fail-syndrome", CX4State, knobs.fail_syndrome, 0),
	DEFINE_PROP_UINT32("delay-ms", CX4State, knobs.delay_ms, 0),
	DEFINE_PROP_UINT32("delay-opcode", CX4State, knobs.delay_opcode, 0),
	DEFINE_PROP_UINT32("delay-count", CX4State, knobs.delay_count, 0),
	DEFINE_PROP_UINT32("hang-opcode", CX4State, knobs.hang_opcode, 0),
	DEFINE_PROP_UINT32("drop-cmd-events", CX4State, knobs.drop_cmd_events, 0),
	DEFINE_PROP_UINT32("hostile", CX4State, hostile, 0),
	DEFINE_PROP_UINT32("hostile-seed", CX4State, hostile_seed, 0),
	DEFINE_PROP_END_OF_LIST(),
};

static const VMStateDescription cx4_vmstate = {
	.name = TYPE_CX4,
	.unmigratable = 1,
};

static void cx4_class_init(ObjectClass *klass, void *data)
{
	DeviceClass *dc = DEVICE_CLASS(klass);
	PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

	k->realize = cx4_realize;
	k->exit = cx4_exit;
	k->config_read = cx4_read_config;
	k->config_write = cx4_write_config;
	k->vendor_id = CX4_PCI_VENDOR_MELLANOX;
	k->device_id = CX4_PCI_DEV_CX4;
	k->revision = 0;
	k->class_id = PCI_CLASS_NETWORK_ETHERNET;

	set_bit(DEVICE_CATEGORY_NETWORK, dc->categories);
	dc->desc = "Mellanox ConnectX-4 / ConnectX-4 Lx Ethernet (cx4 model)";
	dc->reset = cx4_qdev_reset;
	dc->vmsd = &cx4_vmstate;
	device_class_set_props(dc, cx4_properties);
}

static const TypeInfo cx4_info = {
	.name = TYPE_CX4,
	.parent = TYPE_PCI_DEVICE,
	.instance_size = sizeof(CX4State),
	.instance_init = cx4_instance_init,
	.class_init = cx4_class_init,
	.interfaces = (InterfaceInfo[]) {
		{ INTERFACE_PCIE_DEVICE },
		{ }
	},
};

static void cx4_register_types(void)
{
	type_register_static(&cx4_info);
}

type_init(cx4_register_types)
